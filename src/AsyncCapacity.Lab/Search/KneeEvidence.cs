namespace AsyncCapacity.Lab.Search;

/// <param name="Margin">ln(p95 ÷ the SLA's p95); null when another condition decided (errors, clients, sessions).</param>
internal readonly record struct KneeEvidence(double Load, bool Meets, double? Margin = null);
