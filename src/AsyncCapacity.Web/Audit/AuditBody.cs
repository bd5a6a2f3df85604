using System.Buffers;
using System.Text.Json;
using Microsoft.AspNetCore.Http.HttpResults;

namespace AsyncCapacity.Web.Audit;

/// <summary>Asynchronous for both variants: only the audit write differs between them.</summary>
internal static class AuditBody
{
    public const int MaxActor = 100;
    public const int MaxAction = 100;
    public const int MaxDetail = 1000;

    public static async Task<(AuditRequest? Request, ProblemHttpResult? Problem)> ReadAsync(
        HttpRequest request, int maxBytes, CancellationToken cancellationToken)
    {
        if (request.ContentLength > maxBytes)
        {
            return (null, TooLarge(maxBytes));
        }

        var buffer = ArrayPool<byte>.Shared.Rent(maxBytes + 1);
        try
        {
            var length = await request.Body.ReadAtLeastAsync(
                buffer.AsMemory(0, maxBytes + 1), maxBytes + 1, throwOnEndOfStream: false, cancellationToken);
            if (length > maxBytes)
            {
                return (null, TooLarge(maxBytes));
            }

            AuditRequest? body;
            try
            {
                body = JsonSerializer.Deserialize<AuditRequest>(buffer.AsSpan(0, length), JsonSerializerOptions.Web);
            }
            catch (JsonException ex)
            {
                return (null, TypedResults.Problem(
                    title: "Invalid audit entry", detail: $"The body is not valid JSON: {ex.Message}", statusCode: 400));
            }

            var errors = Validate(body);
            return errors.Count > 0
                ? (null, TypedResults.Problem(new HttpValidationProblemDetails(errors) { Title = "Invalid audit entry", Status = 400 }))
                : (body, null);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static Dictionary<string, string[]> Validate(AuditRequest? body)
    {
        var errors = new Dictionary<string, string[]>();
        Check(errors, "actor", body?.Actor, MaxActor, required: true);
        Check(errors, "action", body?.Action, MaxAction, required: true);
        Check(errors, "detail", body?.Detail, MaxDetail, required: false);
        return errors;
    }

    private static void Check(Dictionary<string, string[]> errors, string field, string? value, int max, bool required)
    {
        if (required && string.IsNullOrWhiteSpace(value))
        {
            errors[field] = [$"'{field}' is required."];
        }
        else if (value?.Length > max)
        {
            errors[field] = [$"'{field}' must be at most {max} characters; got {value.Length}."];
        }
    }

    private static ProblemHttpResult TooLarge(int maxBytes) => TypedResults.Problem(
        title: "Audit entry too large",
        detail: $"The body must be at most {maxBytes} bytes (Audit:MaxBodyBytes).",
        statusCode: StatusCodes.Status413PayloadTooLarge);
}
