namespace AsyncCapacity.Report.Formatting;

/// <summary>The ids a step's <c>Missed</c> lists are judge.js's conditions (k6-scripts/lib/judge.js).</summary>
public static class SlaConditions
{
    public static string Describe(string id) => id switch
    {
        "answered" => "no request completed",
        "p95" => "p95 above the SLA",
        "errors" => "errors above the limit",
        "clients" => "clients left without an answer",
        "dropped" => "arrivals dropped above the limit",
        "sessions-failed" => "sessions failed to open",
        "sessions-dropped" => "sessions dropped",
        _ => id,
    };
}
