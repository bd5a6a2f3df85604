using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Validation;

/// <summary>Framework binding turns "abc" into a bodiless 400 that names neither the parameter nor its bounds.</summary>
public static class InvalidQuery
{
    public static ValidationProblem Problem(string name, string message) => Problem(new Dictionary<string, string> { [name] = message });

    public static ValidationProblem Problem(IReadOnlyDictionary<string, string> errors) => TypedResults.ValidationProblem(
        errors.ToDictionary(error => error.Key, error => new[] { error.Value }),
        detail: string.Join(" ", errors.Values),
        title: "Invalid query parameter");
}
