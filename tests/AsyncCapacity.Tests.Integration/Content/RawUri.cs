namespace AsyncCapacity.Tests.Content;

/// <summary>
/// A request target sent exactly as written. System.Uri normally resolves "..", unescapes "%2e" and turns "\" into "/"
/// before HttpClient sends anything; an attacker's client does none of that, so neither do these tests.
/// </summary>
internal static class RawUri
{
    private static readonly UriCreationOptions AsWritten = new() { DangerousDisablePathAndQueryCanonicalization = true };

    public static Uri For(Uri baseAddress, string pathAndQuery) =>
        new(baseAddress.GetLeftPart(UriPartial.Authority) + pathAndQuery, in AsWritten);
}
