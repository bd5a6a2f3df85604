using AsyncCapacity.Lab.Results;
using static AsyncCapacity.Lab.Pool.PoolRules;

namespace AsyncCapacity.Lab.Pool;

/// <summary>
/// One run of the thread pool under a load, without I/O: worker threads taking work items from one global queue, the goal the
/// pool keeps them to, and the three ways it grows as the runtime runs them (<see cref="PoolRules"/>): threads on demand up to
/// the goal; the gate thread's starvation check every 500 ms (one thread, only when work waits and nothing was dequeued for
/// 500 ms, or NumThreadsGoal seconds with the CPU above 80%); cooperative blocking's goal of the minimum plus the blocked
/// threads, reached at once up to ProcessorCount above the minimum and then one thread per delay step; and hill climbing
/// (<see cref="HillClimber"/>) on completions. Idle threads exit after 20 s. Events in continuous time; the random sample
/// intervals, the clients' start and the timers' jitter come from the seed, so a run repeats exactly.
/// </summary>
public sealed class PoolSimulation
{
    private readonly PoolShape _shape;
    private readonly Random _random;
    private readonly HillClimber _climber;
    private readonly PriorityQueue<Action, (double, long)> _events = new();
    private readonly Queue<Item> _queue = new();
    private readonly List<Worker> _workers = [];

    /// <summary>Idle threads, the last to go idle woken first (the runtime's LowLevelLifoSemaphore).</summary>
    private readonly Stack<Worker> _idle = new();
    private readonly List<(double At, double LatencyMs)> _done = [];
    private int _doneRead;
    /// <summary>The CPU spent in each 10 ms of the run.</summary>
    private readonly List<double> _cpu = [];
    private long _sequence;
    private double _now;
    private int _goal;
    private int _processing;
    private int _blocked;
    private int _addedForBlocking;
    private Pending _pending;
    private double? _delayUntil;
    private double _lastDequeue;
    private long _completions;
    private long _sampleCompletions;
    private double _sampleStart;
    private double _nextSample;

    private PoolSimulation(PoolShape shape, int seed)
    {
        _shape = shape;
        _random = new Random(seed);
        _climber = new HillClimber(shape.MinThreads, _random);
        _goal = shape.MinThreads;
        _nextSample = _climber.IntervalMs;
    }

    /// <summary>The pool and the clients second by second for <paramref name="seconds"/>, as a held load reads them; or until
    /// <paramref name="until"/> says the seconds so far are enough, as a measured held load ends by its stop rule.</summary>
    public static IReadOnlyList<HeldSecond> Run(PoolShape shape, int seconds, int seed, Func<IReadOnlyList<HeldSecond>, bool>? until = null)
    {
        var simulation = new PoolSimulation(shape, seed);
        return simulation.RunFor(seconds, until);
    }

    private List<HeldSecond> RunFor(int seconds, Func<IReadOnlyList<HeldSecond>, bool>? until)
    {
        for (var client = 0; client < _shape.Clients; client++)
        {
            var id = client;
            At(_random.NextDouble() * 50, () => Send(id));
        }

        At(_random.NextDouble() * GatePeriodMs, Gate);
        var result = new List<HeldSecond>();
        for (var second = 0; second < seconds; second++)
        {
            var end = (second + 1) * 1000.0;
            while (_events.TryPeek(out _, out var key) && key.Item1 <= end)
            {
                var action = _events.Dequeue();
                _now = key.Item1;
                action();
            }

            _now = end;
            result.Add(Second(second));
            if (until?.Invoke(result) == true)
            {
                break;
            }
        }

        return result;
    }

    private HeldSecond Second(int second)
    {
        var from = second * 1000.0;
        var latencies = new List<double>();
        for (; _doneRead < _done.Count && _done[_doneRead].At <= from + 1000; _doneRead++)
        {
            latencies.Add(_done[_doneRead].LatencyMs);
        }

        latencies.Sort();
        double? p95 = latencies.Count == 0 ? null : latencies[Math.Min(latencies.Count - 1, (int)Math.Ceiling(0.95 * latencies.Count) - 1)];
        return new HeldSecond(second, latencies.Count, 0, p95)
        {
            PoolThreads = _workers.Count,
            QueueLength = _queue.Count,
            CpuPercent = Math.Round(CpuPercent(from, from + 1000), 1),
        };
    }

    private void At(double time, Action action) => _events.Enqueue(action, (time, _sequence++));

    /// <summary>A client sends its next request: the transport's hops queue first (<see cref="PoolShape.IoHops"/>), then the
    /// request's own work item.</summary>
    private void Send(int client)
    {
        Enqueue(new Item(_shape.IoHops > 0 ? ItemKind.Io : ItemKind.Request, client, _now) { HopsLeft = _shape.IoHops });
    }

    private void Enqueue(Item item)
    {
        _queue.Enqueue(item);
        Dispatch();
    }

    /// <summary>While work waits and fewer threads process work than the goal, one more takes it: an idle thread, or a new one.</summary>
    private void Dispatch()
    {
        while (_queue.Count > 0 && _processing < _goal)
        {
            if (!_idle.TryPop(out var worker))
            {
                worker = new Worker();
                _workers.Add(worker);
            }

            _processing++;
            worker.State = WorkerState.Running;
            TakeNext(worker);
        }
    }

    private void TakeNext(Worker worker)
    {
        var item = _queue.Dequeue();
        _lastDequeue = _now;
        worker.Item = item;
        if (item.Kind == ItemKind.Io)
        {
            Busy(worker, IoHopCpuMs, () =>
            {
                Enqueue(item.HopsLeft > 1 ? item with { HopsLeft = item.HopsLeft - 1 } : item with { Kind = ItemKind.Request });
                Finished(worker, item, respond: false);
            });
            return;
        }

        if (item.Kind == ItemKind.Continuation)
        {
            // A timer's continuation: finishes an awaiting request, or completes the task a blocked thread waits on.
            Busy(worker, _shape.CpuMs / 2, () => Continued(worker, item));
            return;
        }

        switch (_shape.How)
        {
            case Blocking.Sleeps:
                Busy(worker, _shape.CpuMs + Hold(), () => Finished(worker, item, respond: true), _shape.CpuMs);
                break;
            case Blocking.Awaits:
                Busy(worker, _shape.CpuMs / 2, () =>
                {
                    At(_now + Hold(), () => Enqueue(item with { Kind = ItemKind.Continuation }));
                    Finished(worker, item, respond: false);
                });
                break;
            default:
                Busy(worker, _shape.CpuMs / 2, () =>
                {
                    worker.State = WorkerState.Blocked;
                    Blocked(+1);
                    At(_now + Hold(), () => Enqueue(item with { Kind = ItemKind.Continuation, Waiter = worker }));
                });
                break;
        }
    }

    private void Continued(Worker worker, Item item)
    {
        if (item.Waiter is { } waiter)
        {
            // The task is done: the blocked thread goes on and finishes its request.
            Blocked(-1);
            waiter.State = WorkerState.Running;
            Busy(waiter, _shape.CpuMs / 2, () => Finished(waiter, waiter.Item!, respond: true));
            Finished(worker, item, respond: false);
            return;
        }

        Finished(worker, item, respond: true);
    }

    /// <summary>The thread is busy for <paramref name="ms"/>, of which the CPU its part of the request costs; then goes on.</summary>
    private void Busy(Worker worker, double ms, Action then, double? cpuMs = null)
    {
        Spend(_now, _now + ms, Math.Min(ms, cpuMs ?? ms));
        At(_now + ms, then);
    }

    /// <summary>A work item is done: it counts for hill climbing; its client, if answered, sends again at once.</summary>
    private void Finished(Worker worker, Item item, bool respond)
    {
        _completions++;
        if (respond)
        {
            _done.Add((_now, _now - item.SentAt));
            Send(item.Client);
        }

        Sample();
        if (_processing > _goal || _queue.Count == 0)
        {
            worker.State = WorkerState.Idle;
            worker.IdleSince = _now;
            worker.Item = null;
            _idle.Push(worker);
            _processing--;
            Dispatch();
            return;
        }

        TakeNext(worker);
    }

    /// <summary>Hill climbing's sample, taken by a thread that completes a work item once the interval has passed.</summary>
    private void Sample()
    {
        if (_now < _nextSample || _processing > _goal || _pending != Pending.None || _now - _sampleStart < _climber.IntervalMs / 2.0)
        {
            return;
        }

        var seconds = (_now - _sampleStart) / 1000;
        var goal = _climber.Update(_goal, seconds, (int)(_completions - _sampleCompletions), CpuPercent(_now - GatePeriodMs, _now),
            _shape.MinThreads);
        (_sampleStart, _sampleCompletions, _nextSample) = (_now, _completions, _now + _climber.IntervalMs);
        if (goal != _goal)
        {
            _goal = goal;
            Dispatch();
        }
    }

    /// <summary>Every 500 ms: idle threads past their timeout exit; a queue that nothing dequeued from for long enough starves,
    /// and the goal becomes the threads processing work plus one.</summary>
    private void Gate()
    {
        if (_idle.Any(w => _now - w.IdleSince > ThreadTimeoutMs))
        {
            var staying = _idle.Where(w => _now - w.IdleSince <= ThreadTimeoutMs).Reverse().ToList();
            _workers.RemoveAll(w => w.State == WorkerState.Idle && _now - w.IdleSince > ThreadTimeoutMs);
            _idle.Clear();
            staying.ForEach(_idle.Push);
        }

        var cpu = CpuPercent(_now - GatePeriodMs, _now);
        var starvedAfter = cpu < CpuUtilizationLow ? GatePeriodMs : _goal * BusyDequeueDelayMs;
        if (_pending == Pending.None && _queue.Count > 0 && _now - _lastDequeue > starvedAfter && _processing >= _goal)
        {
            _goal = _processing + 1;
            _climber.Forced(_goal);
            Dispatch();
        }

        At(_now + GatePeriodMs, Gate);
    }

    private void Blocked(int change)
    {
        _blocked += change;
        var target = Target();
        if (change > 0 && _pending != Pending.WithDelay && _goal < target)
        {
            var wake = _pending == Pending.None;
            _pending = Pending.WithDelay;
            if (wake)
            {
                At(_now, AdjustForBlocking);
            }
        }
        else if (change < 0 && _pending != Pending.Immediately && _addedForBlocking > 0 && _goal > target)
        {
            _pending = Pending.Immediately;
            At(_now, AdjustForBlocking);
        }
    }

    private int Target() => _blocked <= 0 ? _shape.MinThreads : Math.Min(_shape.MinThreads + _blocked, MaxThreads);

    /// <summary>The gate thread's adjustment for cooperative blocking: up to the target at once while threads need not be created
    /// beyond ProcessorCount above the minimum, then one thread a delay step; down again by what blocking added.</summary>
    private void AdjustForBlocking()
    {
        if (_pending == Pending.None)
        {
            return;
        }

        var elapsed = _delayUntil is { } until && _now >= until;
        if (_pending == Pending.WithDelay && _delayUntil is not null && !elapsed)
        {
            return;
        }

        _pending = Pending.None;
        _delayUntil = null;
        var target = Target();
        if (_goal >= target)
        {
            var down = Math.Min(_goal - target, _addedForBlocking);
            if (down > 0)
            {
                _addedForBlocking -= down;
                _goal -= down;
                _climber.Forced(_goal);
            }

            return;
        }

        var withoutDelay = Math.Min(target, Math.Max(_shape.MinThreads + (ThreadsToAddWithoutDelayPerProcessor * _shape.Processors),
            _workers.Count));
        var next = _goal < withoutDelay ? withoutDelay : elapsed ? _goal + 1 : _goal;
        if (next > _goal)
        {
            _addedForBlocking += next - _goal;
            _goal = next;
            _climber.Forced(_goal);
            Dispatch();
            if (_goal >= target)
            {
                return;
            }
        }

        _pending = Pending.WithDelay;
        _delayUntil = _now + BlockingDelayMs(_goal, _shape.MinThreads, _shape.Processors);
        At(_delayUntil.Value, AdjustForBlocking);
    }

    private const double CpuSlotMs = 10;

    /// <summary>A busy span's CPU, spread evenly over the 10 ms slots it covers.</summary>
    private void Spend(double from, double to, double ms)
    {
        var (first, last) = ((int)(from / CpuSlotMs), (int)(to / CpuSlotMs));
        while (_cpu.Count <= last)
        {
            _cpu.Add(0);
        }

        for (var slot = first; slot <= last; slot++)
        {
            var overlap = to > from ? (Math.Min(to, (slot + 1) * CpuSlotMs) - Math.Max(from, slot * CpuSlotMs)) / (to - from) : 1;
            _cpu[slot] += ms * overlap;
        }
    }

    /// <summary>The app's CPU over a span, as a share of its processors.</summary>
    private double CpuPercent(double from, double to)
    {
        var used = 0.0;
        for (var slot = Math.Max(0, (int)(from / CpuSlotMs)); slot < Math.Min(_cpu.Count, (int)(to / CpuSlotMs)); slot++)
        {
            used += _cpu[slot];
        }

        return Math.Min(100, used / (_shape.Processors * (to - from)) * 100);
    }

    /// <summary>A sleep or a timer lasts its hold and a little more: the OS wakes it at the next tick.</summary>
    private double Hold() => _shape.HoldMs + (_random.NextDouble() * 1.5);

    private enum ItemKind
    {
        Io,
        Request,
        Continuation,
    }

    private enum WorkerState
    {
        Idle,
        Running,
        Blocked,
    }

    private enum Pending
    {
        None,
        Immediately,
        WithDelay,
    }

    private sealed record Item(ItemKind Kind, int Client, double SentAt)
    {
        public Worker? Waiter { get; init; }

        public int HopsLeft { get; init; }
    }

    private sealed class Worker
    {
        public WorkerState State { get; set; }

        public Item? Item { get; set; }

        public double IdleSince { get; set; }
    }
}
