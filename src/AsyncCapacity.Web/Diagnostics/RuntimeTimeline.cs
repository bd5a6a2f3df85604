namespace AsyncCapacity.Web.Diagnostics;

public sealed class RuntimeTimeline(int capacity)
{
    private readonly RuntimeSample[] _samples = new RuntimeSample[capacity];
    private readonly Lock _lock = new();
    private int _next;
    private int _count;

    public void Add(RuntimeSample sample)
    {
        lock (_lock)
        {
            _samples[_next] = sample;
            _next = (_next + 1) % _samples.Length;
            _count = Math.Min(_count + 1, _samples.Length);
        }
    }

    public IReadOnlyList<RuntimeSample> Between(long fromMs, long toMs)
    {
        lock (_lock)
        {
            var result = new List<RuntimeSample>(_count);
            var oldest = (_next - _count + _samples.Length) % _samples.Length;
            for (var i = 0; i < _count; i++)
            {
                var sample = _samples[(oldest + i) % _samples.Length];
                if (sample.TimestampMs >= fromMs && sample.TimestampMs <= toMs)
                {
                    result.Add(sample);
                }
            }

            return result;
        }
    }
}
