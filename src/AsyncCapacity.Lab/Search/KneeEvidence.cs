namespace AsyncCapacity.Lab.Search;

/// <summary>What the knee's estimate reads of one judged probe: its load, its verdict, and its margin where the p95 decided it.</summary>
/// <param name="Margin">ln(p95 ÷ the SLA's p95); null when another condition decided (errors, clients, sessions) or no p95.</param>
internal readonly record struct KneeEvidence(double Load, bool Meets, double? Margin = null);
