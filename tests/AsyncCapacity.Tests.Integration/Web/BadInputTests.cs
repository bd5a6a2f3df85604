using System.Net;
using System.Text.Json;
using AsyncCapacity.Tests.Infrastructure;

namespace AsyncCapacity.Tests.Web;

[Collection(AppHostGroup.Name)]
public sealed class BadInputTests(AppHostFixture app)
{
    public static TheoryData<string, string> BadRequests()
    {
        var data = new TheoryData<string, string>();
        string[] values = ["abc", "-1", "10001", "99999999999", "", "1.5", "1e3", "%20", "0x10", "500ms", "2147483648", "-2147483649"];
        foreach (var variant in new[] { "sync", "async" })
        {
            foreach (var value in values)
            {
                data.Add($"/sleep/{variant}?ms={value}", "ms");
            }
        }

        data.Add("/diag/runtime?from=abc", "from");
        data.Add("/diag/runtime?from=-5", "from");
        data.Add("/diag/runtime?to=", "to");
        data.Add("/diag/runtime?to=99999999999999999999", "to");
        return data;
    }

    [Theory]
    [MemberData(nameof(BadRequests))]
    public async Task Malformed_or_out_of_range_input_answers_400_ProblemDetails_naming_the_parameter(string route, string parameter)
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri(route, UriKind.Relative));
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(400, problem.RootElement.GetProperty("status").GetInt32());
        var message = Assert.Single(problem.RootElement.GetProperty("errors").GetProperty(parameter).EnumerateArray()).GetString();
        Assert.Contains($"'{parameter}'", message, StringComparison.Ordinal);
        Assert.Contains("from 0 to", message, StringComparison.Ordinal);
        RouteTests.AssertServerTiming(response);
    }

    [Fact]
    public async Task A_sleep_bound_message_names_both_bounds()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/sleep/sync?ms=10001", UriKind.Relative));
        var body = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Contains("'ms' must be a whole number from 0 to 10000; got '10001'.", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_timeline_range_that_ends_before_it_starts_answers_400()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/diag/runtime?from=2000&to=1000", UriKind.Relative));
        var body = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("'from' (2000) must not be after 'to' (1000).", body, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_very_long_value_is_refused_and_shown_truncated()
    {
        // Act
        using var response = await app.Client.GetAsync(new Uri("/sleep/async?ms=" + new string('9', 5000), UriKind.Relative));
        var body = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains(new string('9', 32) + "…'", body, StringComparison.Ordinal);
        Assert.DoesNotContain(new string('9', 33), body, StringComparison.Ordinal);
    }
}
