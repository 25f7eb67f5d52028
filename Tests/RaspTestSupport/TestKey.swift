/// The API key every test in the package uses. `Scripts/scan-key-leaks.sh` looks for it (and its encoded forms) in
/// everything a test run leaves behind, so a test that prints a key fails the run.
public let testKey = "test-key-0c1f5e9a"
