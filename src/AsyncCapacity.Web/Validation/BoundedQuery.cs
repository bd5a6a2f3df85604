using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Numerics;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Validation;

/// <summary>
/// An integer query parameter with bounds and a default. Endpoints take the raw string and parse it here because
/// framework binding turns "abc" or an overflow into a bodiless 400 that names neither the parameter nor its
/// bounds; this gives every bad value the same 400 ProblemDetails, and never a 500.
/// </summary>
public sealed record BoundedQuery<T>(string Name, T Min, T Max, T Default)
    where T : struct, IBinaryInteger<T>
{
    public bool TryParse(string? raw, out T value, [NotNullWhen(false)] out ValidationProblem? problem)
    {
        value = Default;
        problem = null;
        if (raw is null)
        {
            return true;
        }

        if (T.TryParse(raw, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value)
            && value >= Min && value <= Max)
        {
            return true;
        }

        var shown = raw.Length > 32 ? raw[..32] + "…" : raw;
        problem = BoundedQuery.Problem(Name, $"'{Name}' must be a whole number from {Min} to {Max}; got '{shown}'.");
        return false;
    }
}

public static class BoundedQuery
{
    public static ValidationProblem Problem(string name, string message) => TypedResults.ValidationProblem(
        new Dictionary<string, string[]> { [name] = [message] },
        detail: message,
        title: "Invalid query parameter");
}
