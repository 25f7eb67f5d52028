/// The demo data set and the in-process Rasp handler (work in progress: see issue 4).
public enum RaspDemo {}
