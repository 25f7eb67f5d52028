/// The station directory (work in progress: see issue 5).
public enum RaspDirectory {}
