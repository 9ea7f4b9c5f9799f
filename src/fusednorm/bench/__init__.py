"""The benchmark suite: python -m fusednorm.bench --help.

Beside the library stack, calling only fusednorm's public API and its peers:
    cases.py      the ops, the shapes of each suite, and the fewest bytes each op must move
    providers.py  fusednorm, torch eager, torch.compile, Liger-Kernel and apex, one interface
    gate.py       the float64 correctness check every provider passes before it is timed
    timing.py     CUDA-event timing, peak memory, the device-to-device copy ceiling
    runner.py     the run: gate, then time, every provider on every case and mode
    report.py     the table, progress line, results.json, summary.md and plots
    cli.py        the options and the exit status
"""
