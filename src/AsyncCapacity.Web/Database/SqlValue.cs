using System.Data;

namespace AsyncCapacity.Web.Database;

public sealed record SqlValue(string Name, DbType Type, object Value);
