namespace AsyncCapacity.Web.Database;

/// <summary>As data, testable without a database.</summary>
public sealed record SqlStatement(string Text, IReadOnlyList<SqlValue> Parameters);
