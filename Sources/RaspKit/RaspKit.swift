/// Services and view models (work in progress: see issue 7).
public enum RaspKit {}
