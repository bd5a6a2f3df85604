using System.Data;

namespace AsyncCapacity.Web.Database;

/// <summary>As data, testable without a database.</summary>
public sealed record SqlStatement(string Text, IReadOnlyList<SqlValue> Parameters);

public sealed record SqlValue(string Name, DbType Type, object Value);
