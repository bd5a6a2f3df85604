using System.Numerics;
using static AsyncCapacity.Lab.Pool.PoolRules;

namespace AsyncCapacity.Lab.Pool;

/// <summary>
/// Hill climbing as the runtime runs it (PortableThreadPool.HillClimbing.cs): each sample is the work items completed over an
/// interval drawn at random between 10 and 200 ms; the goal waves up and down by a magnitude the measured noise sets, and the
/// throughput's component at the wave's period, against the threads', says which way to move. A move is its confidence (the
/// wave's signal over the noise, ÷ 3) squared, at most 4 threads a second and 20 a sample, never up above 95% CPU. A sample
/// whose completions are too few ((threads − 1) ÷ completions ≥ 15%) is extended, not used: with a few slow completions per
/// sample, as a 500 ms sleep gives, the signal is mostly noise and the goal barely moves.
/// </summary>
public sealed class HillClimber
{
    private readonly Random _random;
    private readonly int _history = WavePeriod * WaveHistorySize;
    private readonly double[] _throughputs;
    private readonly double[] _goals;
    private long _samples;
    private double _control;
    private int _lastGoal;
    private double _noise;
    private double _carriedSeconds;
    private int _carriedCompletions;
    private int _intervalMs;

    public HillClimber(int minThreads, Random random)
    {
        _random = random;
        _throughputs = new double[_history];
        _goals = new double[_history];
        _control = minThreads;
        _lastGoal = minThreads;
        _intervalMs = NextInterval();
        IntervalMs = _intervalMs;
    }

    /// <summary>How long until the next sample is taken.</summary>
    public int IntervalMs { get; private set; }

    /// <summary>The goal changed for another reason (starvation, cooperative blocking, the minimum): hill climbing moves from
    /// there, as the runtime's ForceChange does.</summary>
    public void Forced(int goal)
    {
        if (goal != _lastGoal)
        {
            _control += goal - _lastGoal;
            Changed(goal);
        }
    }

    /// <summary>One sample: the goal now, the seconds it lasted and the work items completed in it; returns the new goal.</summary>
    public int Update(int goal, double seconds, int completions, double cpuPercent, int minThreads, int maxThreads = MaxThreads)
    {
        Forced(goal);
        seconds += _carriedSeconds;
        completions += _carriedCompletions;
        if (_samples > 0 && (goal - 1.0) / completions >= MaxSampleError)
        {
            (_carriedSeconds, _carriedCompletions, IntervalMs) = (seconds, completions, SampleIntervalLowMs);
            return goal;
        }

        (_carriedSeconds, _carriedCompletions) = (0, 0);
        var index = (int)(_samples % _history);
        _throughputs[index] = completions / seconds;
        _goals[index] = goal;
        _samples++;

        var ratio = Complex.Zero;
        var confidence = 0.0;
        var count = (int)Math.Min(_samples - 1, _history) / WavePeriod * WavePeriod;
        if (count > WavePeriod)
        {
            var (throughput, threads) = (Average(_throughputs, count), Average(_goals, count));
            if (throughput > 0 && threads > 0)
            {
                var wave = Component(_throughputs, count, WavePeriod) / throughput;
                var error = Complex.Abs(Component(_throughputs, count, count / ((count / (double)WavePeriod) + 1)) / throughput);
                var beyond = count / ((count / (double)WavePeriod) - 1);
                if (beyond <= count)
                {
                    error = Math.Max(error, Complex.Abs(Component(_throughputs, count, beyond) / throughput));
                }

                var threadWave = Component(_goals, count, WavePeriod) / threads;
                _noise = _noise == 0 ? error : (ErrorSmoothingFactor * error) + ((1 - ErrorSmoothingFactor) * _noise);
                if (Complex.Abs(threadWave) > 0)
                {
                    ratio = (wave - (TargetThroughputRatio * threadWave)) / threadWave;
                }

                var noise = Math.Max(_noise, error);
                confidence = noise > 0 ? Complex.Abs(threadWave) / noise / TargetSignalToNoiseRatio : 1;
            }
        }

        var move = Math.Clamp(ratio.Real, -1, 1) * Math.Clamp(confidence, 0, 1);
        move = Math.Pow(Math.Abs(move), GainExponent) * Math.Sign(move) * MaxChangePerSecond * seconds;
        move = Math.Min(move, MaxChangePerSample);
        if (move > 0 && cpuPercent > CpuUtilizationHigh)
        {
            move = 0;
        }

        _control += move;
        var magnitude = Math.Clamp((int)(0.5 + (_control * _noise * TargetSignalToNoiseRatio * 2)), 1, MaxWaveMagnitude);
        _control = Math.Max(minThreads, Math.Min(maxThreads - magnitude, _control));
        var next = Math.Clamp((int)(_control + (magnitude * ((_samples / (WavePeriod / 2)) % 2))), minThreads, maxThreads);
        if (next != goal)
        {
            Changed(next);
        }

        // At the minimum and hurting throughput by going higher: stay there longer, and only now and then try a higher goal.
        IntervalMs = ratio.Real < 0 && next == minThreads ? (int)(0.5 + (_intervalMs * 10 * Math.Min(-ratio.Real, 1))) : _intervalMs;
        return next;
    }

    private void Changed(int goal)
    {
        _lastGoal = goal;
        _intervalMs = NextInterval();
    }

    private int NextInterval() => _random.Next(SampleIntervalLowMs, SampleIntervalHighMs + 1);

    private double Average(double[] values, int count)
    {
        var sum = 0.0;
        for (var i = 0; i < count; i++)
        {
            sum += values[(int)((_samples - count + i) % _history)];
        }

        return sum / count;
    }

    /// <summary>The samples' component at one period, by the Goertzel algorithm over the last <paramref name="count"/> of them.</summary>
    private Complex Component(double[] values, int count, double period)
    {
        var w = 2 * Math.PI / period;
        var (cos, q1, q2) = (Math.Cos(w), 0.0, 0.0);
        for (var i = 0; i < count; i++)
        {
            (q1, q2) = ((2 * cos * q1) - q2 + values[(int)((_samples - count + i) % _history)], q1);
        }

        return new Complex(q1 - (q2 * cos), q2 * Math.Sin(w)) / count;
    }
}
