using System.Net;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Content;

[Collection(AppHostGroup.Name)]
public sealed class ContentTraversalTests(AppHostFixture app)
{
    // Sent as written (see RawUri): Kestrel decodes and resolves some of these itself, the rest reach the handler as
    // a name that is simply not in the catalogue.
    private static readonly string[] Names =
    [
        "../../etc/passwd",
        "../../../../../../etc/passwd",
        "..%2F..%2Fetc%2Fpasswd",
        "..%2f..%2f..%2f..%2fetc%2fpasswd",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "%2e%2e/%2e%2e/etc/passwd",
        "%252e%252e%252fetc%252fpasswd",
        "..%c0%af..%c0%afetc%c0%afpasswd",
        "%c0%ae%c0%ae%2fetc%2fpasswd",
        "....%2F%2F....%2F%2Fetc%2Fpasswd",
        "..;%2Fetc%2Fpasswd",
        "..\\..\\etc\\passwd",
        "..%5C..%5Cetc%5Cpasswd",
        "%2Fetc%2Fpasswd",
        "/etc/passwd",
        "%2Fproc%2Fself%2Fenviron",
        "C:%5CWindows%5Cwin.ini",
        "file:%2F%2F%2Fetc%2Fpasswd",
        "~%2F.bashrc",
        "..%2Fasynccapacity-content%2Fsmall.html",
        "large.bin%2F..%2Fsmall.html",
        ".%2Fsmall.html",
        "small.html%00",
        "small.html%00.bin",
        "%00",
        "small.html%20",
        "small.html.",
        "small.html%3F",
        "SMALL.HTML",
        "Small.Html",
        "%2e",
        "*",
        "%ff%fe",
    ];

    public static TheoryData<string, string> Requests()
    {
        var data = new TheoryData<string, string>();
        foreach (var variant in new[] { "file", "memory" })
        {
            foreach (var name in Names)
            {
                data.Add(variant, name);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Requests))]
    public async Task A_traversal_or_malformed_name_answers_4xx_and_never_500(string variant, string name)
    {
        // Act
        using var response = await app.Client.GetAsync(RawUri.For(app.BaseAddress, $"/content/{variant}/{name}"));

        // Assert
        Assert.InRange((int)response.StatusCode, 400, 499);
        if (response.StatusCode == HttpStatusCode.NotFound)
        {
            Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        }
    }

    [Theory]
    [InlineData("file")]
    [InlineData("memory")]
    public async Task A_very_long_name_is_refused_by_Kestrel_or_answered_404_with_the_name_truncated(string variant)
    {
        // Act
        using var tooLong = await app.Client.GetAsync(RawUri.For(app.BaseAddress, $"/content/{variant}/{new string('a', 10_000)}"));
        using var long4K = await app.Client.GetAsync(RawUri.For(app.BaseAddress, $"/content/{variant}/{new string('b', 4_000)}"));
        var body = await long4K.Content.ReadAsStringAsync();

        // Assert: Kestrel refuses a request line over 8 KB before any app code runs
        Assert.Equal(HttpStatusCode.RequestUriTooLong, tooLong.StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, long4K.StatusCode);
        Assert.Contains(new string('b', 32) + "…'", body, StringComparison.Ordinal);
        Assert.DoesNotContain(new string('b', 33), body, StringComparison.Ordinal);
    }
}
