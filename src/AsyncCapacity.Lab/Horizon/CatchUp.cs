namespace AsyncCapacity.Lab.Horizon;

/// <summary>When a held load was caught up with: the first second from which every later second met the SLA, and for how many
/// seconds that has held by the last one read. Null At: the last second read missed, or none met.</summary>
public sealed record CatchUp(int? At, int StayedFor, int LastSecond)
{
    public bool Confirmed(int confirmSeconds) => At is not null && StayedFor >= confirmSeconds;
}
