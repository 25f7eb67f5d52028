import RaspDemo

/// The mock Rasp server (work in progress: see issue 4).
public enum RaspMock {}
