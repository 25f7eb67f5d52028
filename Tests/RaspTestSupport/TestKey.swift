/// The API key every test in the package uses. `Scripts/ci/scan-key-leaks.sh` looks for it (and its encoded forms) in
/// everything a test run leaves behind, so a test that prints a key fails the run.
public let testKey = "test-key-0c1f5e9a"

/// The HTTP Basic user name of the tests (not a secret).
public let testBasicUser = "test-user"
/// The HTTP Basic password of the tests; the leak scan looks for it and for the Base64 of `test-user:<it>`.
public let testBasicPassword = "test-pass-4b8e2c71"
/// The OAuth 2 client secret of the tests; the leak scan looks for it.
public let testClientSecret = "test-secret-93d0a6f4"
/// How every access token the tests' token endpoints issue starts (`test-access-7d41e2-1`, `-2`…); the leak scan
/// looks for it.
public let testAccessTokenPrefix = "test-access-7d41e2"
/// How every refresh token of the tests starts; the leak scan looks for it.
public let testRefreshTokenPrefix = "test-refresh-5c9b30"
