"""A cached launch path for our Triton kernels.

`kernel[grid](*args, **constexprs)` spends tens of microseconds of host time per call in
JITFunction.run (binding and specializing every argument, building a string cache key,
looking up the device and stream, launch hooks). At the small inference shapes that is
most of the call: on the lent H100's host, our launcher through the JIT took 26-55 us a
call and the compiled kernel launched directly 9-17 us (benchmarks/host_overhead.py,
results/2026-11-22-h100-v0.4-host/host_before_launch_cache.json).

launch() keeps, per kernel, a dict from a key of our own to the CompiledKernel that
Triton returned for the first call with that key, and launches it directly afterwards.
The key is at least as fine as Triton's specialization, so it can never pick a kernel
compiled for different argument properties. For Triton 3.6 (the supported range), an
argument is specialized on:
  * tensors: dtype, and whether data_ptr() is a multiple of 16;
  * ints: whether it equals 1, is a multiple of 16, and its integer width;
  * floats: nothing (passed as fp32);
plus every constexpr, num_warps and the device. Our key records exactly those.

The direct launch is used only on CUDA, with Triton 3.6, without launch hooks (a
profiler's hooks take the normal path) and unless FUSEDNORM_LAUNCH_CACHE=0."""
import os
from functools import reduce
from operator import or_
from typing import Optional

import torch
import triton

try:  # Triton's launch hooks: direct launches are skipped while any is installed.
    from triton import knobs as _knobs
except ImportError:  # pragma: no cover
    _knobs = None

_ENABLED = (triton.__version__.startswith("3.6.") and _knobs is not None
            and os.environ.get("FUSEDNORM_LAUNCH_CACHE", "1") != "0")
_I32 = 1 << 31
_U64 = 1 << 63


_DRIVER = []


def _driver():
    # Triton's active driver (what JITFunction.run asks for the device and stream).
    if not _DRIVER:
        _DRIVER.append(triton.runtime.driver.active)
    return _DRIVER[0]


def _hooks_installed() -> bool:
    rt = _knobs.runtime
    return bool(getattr(rt.launch_enter_hook, "calls", rt.launch_enter_hook)
                or getattr(rt.launch_exit_hook, "calls", rt.launch_exit_hook))


def arg_key(a):
    """The properties of one runtime argument that Triton specializes a kernel on (ints
    are tested first: most arguments are sizes and strides)."""
    t = type(a)
    if t is int:
        return (a == 1, a % 16 == 0, -_I32 <= a < _I32, a < _U64)
    if t is float:
        return float
    if isinstance(a, torch.Tensor):
        return (a.dtype, a.data_ptr() % 16 == 0)
    if t is bool:
        return bool
    if isinstance(a, int):  # an int subclass
        return (a == 1, a % 16 == 0, -_I32 <= a < _I32, a < _U64)
    return (t, a)  # None and anything else: by value


class CachedKernel:
    """Wraps a @triton.jit kernel whose parameters are its runtime arguments followed by
    its constexprs (the order of the signature)."""

    def __init__(self, fn):
        self.fn = fn
        self.compiled = {}
        self.direct_launches = 0  # for tests: how many launches skipped the JIT

    def __call__(self, grid, args, constexprs, num_warps, maxnreg=None):
        """Launch on `grid` (a tuple of up to 3 ints) with the runtime `args` (a tuple,
        in signature order) and `constexprs` (a tuple of (name, value) in signature
        order); maxnreg: a cap on registers per thread (Triton's option; the interpreter
        ignores it). Returns the CompiledKernel used (None where Triton's JIT path ran it
        without returning one: the interpreter, hooks installed)."""
        t = args[0]
        if t.is_cuda:
            index = t.get_device()
            if index != _driver().get_current_device():
                # Triton launches on the current device (its stream, its module): a tensor
                # on another GPU (a model spread over several, torch's current device left
                # at 0) is launched with that GPU made current for the call.
                with torch.cuda.device(index):
                    return self(grid, args, constexprs, num_warps, maxnreg)
        options = {} if maxnreg is None or not t.is_cuda else {"maxnreg": maxnreg}
        # CPU tensors (the interpreter) always take Triton's own entry point.
        if not (_ENABLED and t.is_cuda) or _hooks_installed():
            self.fn[grid](*args, num_warps=num_warps, **options, **dict(constexprs))
            return
        drv = _driver()
        device = drv.get_current_device()
        key = (device, num_warps, maxnreg, constexprs, tuple(map(arg_key, args)))
        ck = self.compiled.get(key)
        g0 = grid[0]
        g1 = grid[1] if len(grid) > 1 else 1
        g2 = grid[2] if len(grid) > 2 else 1
        if ck is None:
            ck = self.fn[grid](*args, num_warps=num_warps, **options, **dict(constexprs))
            if isinstance(ck, triton.compiler.CompiledKernel):
                self.compiled[key] = ck
                return ck
            return None
        if g0 * g1 * g2 == 0:
            return ck
        stream = drv.get_current_stream(device)
        ck.run(g0, g1, g2, stream, ck.function, ck.packed_metadata, None, None, None,
               *args, *(v for _, v in constexprs))
        self.direct_launches += 1
        return ck


class FixedLaunch:
    """One CachedKernel launched again and again with the same grid, integer arguments,
    constexprs, warps and register cap: what a launcher prepares once per input geometry.
    A call passes only what changes, the tensors (they come first in the kernel's
    signature) and `tail`, float arguments after the integers (an eps).

    The per-call key is the device and each tensor's 16-byte alignment (the integers'
    specialization was fixed when the launch was prepared). The tensors' dtypes are not
    in it: the caller's cache key must fix them (fusednorm's launchers key on every
    dtype they pass). The first call with a key goes through CachedKernel, which
    compiles or finds the kernel; later ones launch it directly. On CPU (the
    interpreter) and while launch hooks are installed every call takes CachedKernel's
    path, as before."""

    __slots__ = ("kernel", "grid", "ints", "constexprs", "values", "num_warps", "maxnreg",
                 "compiled", "ticket")

    def __init__(self, kernel: CachedKernel, grid, ints, constexprs, num_warps: int,
                 maxnreg=None):
        self.kernel = kernel
        self.grid = (tuple(grid) + (1, 1))[:3]
        self.ints = tuple(ints)
        self.constexprs = tuple(constexprs)
        self.values = tuple(v for _, v in self.constexprs)
        self.num_warps = num_warps
        self.maxnreg = maxnreg
        self.compiled = {}
        self.ticket = None  # the TICKET variant (ticket_launch), made on first use

    def __call__(self, tensors, tail=()):
        t = tensors[0]
        if not (_ENABLED and t.is_cuda) or _hooks_installed():
            self.kernel(self.grid, (*tensors, *self.ints, *tail), self.constexprs,
                        self.num_warps, self.maxnreg)
            return
        # The addresses, read once: the direct launch takes them as ints (Triton's C
        # launcher would otherwise call data_ptr() again and ask the driver about each
        # pointer; the functional layer has checked that every tensor is on x's device).
        ptrs = [a.data_ptr() for a in tensors]
        if not reduce(or_, ptrs) & 15 and self._direct_aligned(ptrs, tail):
            return
        aligned = 0
        for p in ptrs:
            aligned = aligned + aligned + (p % 16 == 0)
        drv = _driver()
        device = drv.get_current_device()
        if t.get_device() != device:  # another GPU than the current one: Triton's path,
            # with that GPU made current (CachedKernel), and no direct entry kept
            self.kernel(self.grid, (*tensors, *self.ints, *tail), self.constexprs,
                        self.num_warps, self.maxnreg)
            return
        direct = self.compiled.get((device, aligned))
        if direct is None:
            if torch.cuda.is_current_stream_capturing():
                # Not compiled yet, and this thread is capturing: compiled (and its module
                # loaded) by the library's thread, in the relaxed capture mode
                # (_allocator_task), so that no call of the compile can break the capture.
                _allocator_task(device, self.compiled_kernel, tensors, tail)
            ck = self.kernel(self.grid, (*tensors, *self.ints, *tail), self.constexprs,
                             self.num_warps, self.maxnreg)
            if ck is not None:
                self.compiled[(device, aligned)] = _direct(ck)
            return
        g0, g1, g2 = self.grid
        if g0 * g1 * g2 == 0:
            return
        fn, prefix = direct
        fn(g0, g1, g2, drv.get_current_stream(device), *prefix, *ptrs, *self.ints, *tail,
           *self.values)
        self.kernel.direct_launches += 1

    def direct_call(self, ptrs, tail=(), low=None) -> bool:
        """Launch with the tensors' addresses `ptrs` (ints, in the tensors' order) where
        the direct launch applies: every address 16-byte aligned (one OR decides it, the
        common case) and this launch already compiled for this device with them (a call
        with the tensors did that). Returns False where it did not launch (not compiled
        yet, an address not aligned, launch hooks installed, direct launches off, the
        interpreter): the caller then calls the FixedLaunch with the tensors. A caller
        that holds the addresses saves reading them again (kernels/rownorm.py,
        launch_infer: an argument passed several times is read once). low: the OR of the
        distinct addresses where the caller has it (an OR of all nine costs more)."""
        if not self.compiled or not _ENABLED or _hooks_installed() or (
                reduce(or_, ptrs) if low is None else low) & 15:
            return False
        return self._direct_aligned(ptrs, tail)

    def _direct_aligned(self, ptrs, tail) -> bool:
        # The direct launch of 16-byte aligned addresses: the alignment key of __call__'s
        # loop is then all ones. False where that launch is not compiled for this device.
        # A launch's tensors are all on one device (a Prepared is keyed by it), and an
        # entry is kept only for launches on the current device: while another GPU is
        # current, none is found and the caller passes the tensors (__call__).
        drv = _driver()
        device = drv.get_current_device()
        direct = self.compiled.get((device, (1 << len(ptrs)) - 1))
        if direct is None:
            return False
        g0, g1, g2 = self.grid
        if g0 * g1 * g2:
            fn, prefix = direct
            fn(g0, g1, g2, drv.get_current_stream(device), *prefix, *ptrs, *self.ints, *tail,
               *self.values)
            self.kernel.direct_launches += 1
        return True

    def resident(self, device, dtypes, tail=()) -> Optional[int]:
        """How many programs of this launch fit one SM (resident_programs), compiled for
        stand-in tensors of `dtypes` on `device` without running anything; None where
        launches take Triton's own path (CPU, the interpreter, hooks)."""
        if device.type != "cuda":
            return None
        ck = self.compiled_kernel(
            tuple(torch.empty(16, dtype=d, device=device) for d in dtypes), tail)
        return None if ck is None else resident_programs(ck, self.num_warps)

    def compiled_kernel(self, tensors, tail=()):
        """Triton's CompiledKernel of this launch for tensors like these (their dtypes and
        16-byte alignment decide it), compiled without running anything (a launch of no
        programs); None where launches take Triton's own path (interpreter, hooks)."""
        if not (_ENABLED and tensors[0].is_cuda) or _hooks_installed():
            return None
        return self.kernel((0, 1, 1), (*tensors, *self.ints, *tail), self.constexprs,
                           self.num_warps, self.maxnreg)


# Per SM (H100, and every NVIDIA GPU from Volta on but the smaller-SM ones): registers,
# threads, resident programs, and shared memory for programs, each program reserving
# 1 KB more.
SM_REGISTERS, SM_THREADS, SM_PROGRAMS, SM_SHARED, PROGRAM_SHARED_RESERVED = (
    65536, 2048, 32, 233472, 1024)


def resident_programs(ck, num_warps: int) -> int:
    """How many programs of the CompiledKernel `ck` fit one SM at once: registers
    (allocated per thread in steps of 8), threads, shared memory."""
    ck.run  # loads the binary, which sets n_regs
    regs = -(-max(ck.n_regs, 1) // 8) * 8
    fit = min(SM_REGISTERS // (regs * 32 * num_warps), SM_THREADS // (32 * num_warps),
              SM_PROGRAMS)
    shared = ck.metadata.shared
    if shared:
        fit = min(fit, SM_SHARED // (shared + PROGRAM_SHARED_RESERVED))
    return max(1, fit)


def dtype_of(t):
    """t's dtype, None for None: a call key's entry for an optional tensor."""
    return None if t is None else t.dtype


class PreparedCache(dict):
    """A launcher's prepared launches by call key (shapes, strides, dtypes, device, flags),
    so the per-call host work is building the key and one dict lookup. Bounded: cleared
    when it would grow past `limit` entries (a model has a few dozen geometries; a server
    with many batch sizes stays bounded)."""

    def __init__(self, limit: int = 4096):
        super().__init__()
        self.limit = limit

    def make(self, key, make):
        """Prepare (make()) and keep the entry for key; returns it."""
        if len(self) >= self.limit:
            self.clear()
        prep = self[key] = make()
        return prep


# The plans of the ops layer (ops/rownorm.py and ops/groupnorm.py: infer; the eager GroupNorm
# backward): they hold prepared launches, so every launcher's cache clearing clears them
# too.
INFER_PLANS = PreparedCache(1024)


# Cooperative workspaces. A cooperative launch's programs exchange partials through int64
# words that each carry a 32-bit tag in their high half (rownorm._publish); a reader waits
# until a word carries the tag it expects. The tag is a per-call serial, so a word written
# by an earlier call never matches and the words need no zeroing between calls: each
# (device, stream) keeps one zeroed buffer, grown as needed, and each launch on it takes
# the next serial. Launches on one stream run in order, so they never share the words at
# the same time; other streams have their own. Two cases take a fresh zeroed buffer and
# tag 1 instead: launches that count arrivals in their words (rownorm's SYNC 2), and,
# where no capture buffer is to be had (below), CUDA graph capture (a replay repeats the
# captured tag, and the captured memset zeroes the words again each time). The saving: a
# torch.zeros, about 20 us of host time a call on the lent H100's host (NOTES v0.14), and
# the memset's launch on the GPU.
#
# A launch captured in a CUDA graph gets a zeroed buffer of its own that outlives the
# capture (a capture buffer) and tag 0: each of its programs counts the replays in a word
# of the buffer and takes the replay's tags from that count (rownorm._launch_tag), so a
# replay runs no memset before it. The buffer is that launch's alone: every replay writes
# the same words, and a word a replay reads was written in it or in the replay before,
# whose tags differ. Capture buffers are never freed (a graph's lifetime is not ours to
# see) until release_capture_workspaces(); past CAPTURE_BYTES per device, captures take
# the memset.
#
# The buffers these caches keep outlive the call that made them, so they are allocated
# by a thread of the library's own (_persistent): torch.compile's CUDA graph trees
# (mode="reduce-overhead") run their warm-up calls with every allocation of the calling
# thread routed to the graphs' memory pool, and a buffer of ours left alive there failed
# the trees' check ("tensor(s) in the cudagraph pool not tracked as outputs", v0.44 calls
# 4-5; allocating on another stream of the same thread did not escape the routing).
_WORKSPACES = {}
TAG_LIMIT = (1 << 31) - 1  # tags stay positive int32 (the kernels' TAG argument)
_ALLOCATOR = []  # the thread that _persistent allocates in, made on first use
_SIDE = {}  # device index -> the stream it allocates (and zeroes) on


def _allocate(index: int, numel: int, dtype: torch.dtype, zeroed: bool):
    # (in _ALLOCATOR's thread)
    with torch.cuda.device(index):
        side = _SIDE.get(index)
        if side is None:
            side = _SIDE[index] = torch.cuda.Stream()
        with torch.cuda.stream(side):
            buf = (torch.zeros if zeroed else torch.empty)((numel,), dtype=dtype,
                                                           device=f"cuda:{index}")
    return buf, side


def _persistent(index: int, numel: int, dtype: torch.dtype, zeroed: bool) -> torch.Tensor:
    """A buffer for the current stream of device `index` that the caches below keep
    across calls: allocated (and zeroed) by another thread on its own stream, so never
    in a memory pool that this thread's allocations are routed to; then made ready for
    the current stream, which is recorded as its user (its memory is not handed out
    again before the current stream's work queued at its release is done). Made on a
    stream's first cooperative call and when a call needs a larger buffer."""
    buf, side = _allocator().submit(_allocate, index, numel, dtype, zeroed).result()
    cur = torch.cuda.current_stream(index)
    cur.wait_stream(side)
    buf.record_stream(cur)
    return buf


def _allocator():
    """The library's thread (_ALLOCATOR, one worker), made on first use."""
    if not _ALLOCATOR:
        from concurrent.futures import ThreadPoolExecutor
        _ALLOCATOR.append(ThreadPoolExecutor(1, thread_name_prefix="fusednorm-alloc"))
    return _ALLOCATOR[0]


def _allocator_task(index: int, fn, *args):
    """fn(*args) run by the library's thread (_allocator) with device `index` current and
    that thread in the relaxed capture mode; its result."""
    return _allocator().submit(_in_allocator, index, fn, args).result()


def _in_allocator(index, fn, args):
    if not _RELAXED:
        _relaxed_capture_mode()
        _RELAXED.append(True)
    with torch.cuda.device(index):
        return fn(*args)


def ticket_launch(launch: FixedLaunch) -> FixedLaunch:
    """The variant of a cooperative launch (its last constexpr TICKET, False) with TICKET
    on: its programs take each call's tags from the replay counts kept before the
    workspace (rownorm._launch_tag), as a launch captured in a CUDA graph must
    (coop_workspace's tag 0). Made on first use and kept on the launch."""
    # 2 on the GPU: the row norms' forward also asks the L2 for its words
    # (rownorm._prefetch_share; inline assembly, which the interpreter does not run)
    on = 1 if os.environ.get("TRITON_INTERPRET", "0") not in ("", "0") else TICKET_GPU
    t = launch.ticket
    if t is None or t.constexprs[-1][1] != on:
        name, value = launch.constexprs[-1]
        assert name == "TICKET" and value is False, "not a ticketed kernel's launch"
        t = launch.ticket = FixedLaunch(launch.kernel, launch.grid, launch.ints,
                                        launch.constexprs[:-1] + (("TICKET", on),),
                                        launch.num_warps, launch.maxnreg)
    return t


# The TICKET of captured launches on the GPU: 2 asks the L2 for the words first, 1 does
# not (an A/B setting of the sweeps, `L.TICKET_GPU`; v0.48 call 6, v0.49).
TICKET_GPU = 2


def _relaxed_capture_mode():
    # (in _ALLOCATOR's thread, once) CUDA's relaxed stream-capture mode for this thread:
    # under another thread's capture in the default global mode, a cudaMalloc or a stream
    # synchronize here would otherwise be refused (torch's allocator does the same around
    # its own cudaMalloc). The driver's call, by ctypes: torch and Triton expose none.
    import ctypes
    mode = ctypes.c_int(2)  # CU_STREAM_CAPTURE_MODE_RELAXED
    if ctypes.CDLL("libcuda.so.1").cuThreadExchangeStreamCaptureMode(ctypes.byref(mode)):
        raise RuntimeError("cuThreadExchangeStreamCaptureMode failed")


def _allocate_ready(index: int, numel: int):
    # (in _ALLOCATOR's thread: _allocator_task) a zeroed int64 buffer whose zeroing has
    # finished, so that a capturing stream can use it without waiting on another stream
    buf, side = _allocate(index, numel, torch.int64, True)
    side.synchronize()
    return buf


# Capture buffers (above), in the order made: (device index, bytes, buffer).
_CAPTURED = []
_RELAXED = []  # whether _ALLOCATOR's thread is in the relaxed capture mode
CAPTURE_BYTES = 256 << 20  # per device
# FUSEDNORM_CAPTURE_TICKETS=0: captured launches take a memset each (as before v0.48).
CAPTURE_TICKETS = os.environ.get("FUSEDNORM_CAPTURE_TICKETS", "1") != "0"
_CAPTURE_FAILED = set()  # devices where making a capture buffer failed: the memset there


def capture_workspace(device: torch.device, words: int,
                      programs: int) -> Optional[torch.Tensor]:
    """A capture buffer for one launch of `programs` programs being captured (`words`
    int64 words after a replay count per program, rownorm._launch_tag's, their number
    rounded up to even so that the returned view keeps the buffer's 16-byte alignment),
    or None: tickets off, the device's budget (CAPTURE_BYTES) spent, or the buffer not to
    be had (its allocation failed once on this device: the launches then take the
    memset)."""
    index = device.index if device.index is not None else torch.cuda.current_device()
    head = programs + programs % 2
    nbytes = 8 * (head + words)
    held = sum(b for i, b, _ in _CAPTURED if i == index)
    if not CAPTURE_TICKETS or index in _CAPTURE_FAILED or held + nbytes > CAPTURE_BYTES:
        return None
    try:
        buf = _allocator_task(index, _allocate_ready, index, head + words)
    except Exception:  # noqa: BLE001 - the memset instead
        _CAPTURE_FAILED.add(index)
        return None
    _CAPTURED.append((index, nbytes, buf))
    return buf[head:]


def capture_mark() -> int:
    """A mark for release_capture_workspaces: the capture buffers made so far."""
    return len(_CAPTURED)


def release_capture_workspaces(mark: int = 0):
    """Free the capture buffers made after `mark` (capture_mark; 0: all of them). Only once
    the graphs captured since are gone: a replay afterwards would use freed memory."""
    del _CAPTURED[mark:]


def coop_workspace(device: torch.device, words: int, fresh: bool = False, span: int = 1,
                   programs: int = 0):
    """(ws, tag): int64 words (at least `words`) for one cooperative launch on the current
    stream of `device`, and the tag its partials carry. fresh: a zeroed buffer of its
    own and tag 1. During CUDA graph capture, a capture buffer and tag 0 (the kernel takes
    each replay's tag itself: rownorm._launch_tag), else as fresh. span: how many tags the
    launch uses, tag .. tag + span - 1 (rownorm's ROW_TAG: one per row); the next launch on
    the stream starts after them. programs: the launch's (a capture buffer keeps a count
    per program; 0: none made, the memset)."""
    if device.type == "cuda":
        if torch.cuda.is_current_stream_capturing():
            ws = None if fresh or not programs else capture_workspace(device, words, programs)
            if ws is not None:
                return ws, 0
            return torch.zeros((words,), device=device, dtype=torch.int64), 1
        if fresh:
            return torch.zeros((words,), device=device, dtype=torch.int64), 1
        index = device.index if device.index is not None else torch.cuda.current_device()
        key = (index, _driver().get_current_stream(index))
    else:  # the interpreter: one buffer per device, calls run one after another
        if fresh:
            return torch.zeros((words,), device=device, dtype=torch.int64), 1
        key = (str(device), 0)
    entry = _WORKSPACES.get(key)
    if entry is None or entry[0].numel() < words:
        # Grown to the largest request; the stream's launches queued before the old
        # buffer's release finish with it before its memory is handed out again
        # (_persistent records the stream as its user).
        buf = (_persistent(key[0], words, torch.int64, True) if device.type == "cuda"
               else torch.zeros((words,), device=device, dtype=torch.int64))
        entry = _WORKSPACES[key] = [buf, 0]
    tag = entry[1] + 1
    if tag + span - 1 > TAG_LIMIT:  # every 2^31 tags: zero again rather than reuse one
        entry[0].zero_()
        tag = 1
    entry[1] = tag + span - 1
    return entry[0], tag


def release_workspaces():
    """Drop the cooperative workspaces and the stream scratch buffers (they are allocated
    again on the next launch)."""
    _WORKSPACES.clear()
    _SCRATCH.clear()


# Stream scratch: fp32 intermediates that live only within one call's launches (the row
# norms' dw/db partials, GroupNorm's slice sums), taken from one buffer per (device,
# stream) instead of a torch.empty each call: the launches of a stream run in order, so a
# call's launches are done with the buffer before the next call's start. Two cases
# allocate as before: CUDA graph capture (a replay must own its memory) and requests over
# SCRATCH_MAX_BYTES (the buffer stays allocated, so it is kept small). The saving: an
# allocation, about 3.3 us of host time on the lent H100's host (host_bwd_pieces.py,
# NOTES v0.24), per intermediate.
_SCRATCH = {}
# Up to 8 MiB a stream: the rows suite's largest partials (528 x 4096 fp32, dw and db)
# fit in 16.5 MiB, the 1x4096 / 32x4096 inference shapes' in 128 KiB (16 x 4096 x 2).
SCRATCH_MAX_BYTES = 8 << 20


def stream_scratch(device: torch.device, numel: int) -> torch.Tensor:
    """An fp32 tensor of at least `numel` elements (uninitialized) for intermediates that
    the current stream's next launches write and read within one call. One request per
    call: a second, larger one would replace the buffer the first call's launches use."""
    if (device.type != "cuda" or 4 * numel > SCRATCH_MAX_BYTES
            or torch.cuda.is_current_stream_capturing()):
        return torch.empty((numel,), device=device, dtype=torch.float32)
    index = device.index if device.index is not None else torch.cuda.current_device()
    key = (index, _driver().get_current_stream(index))
    buf = _SCRATCH.get(key)
    if buf is None or buf.numel() < numel:
        # Grown to the largest request (at least 64 KiB); the stream's earlier launches
        # finish with the old buffer before its memory is handed out again (_persistent).
        buf = _SCRATCH[key] = _persistent(index, max(numel, 16384), torch.float32, False)
    return buf


def _direct(ck):
    """(fn, prefix) such that fn(gx, gy, gz, stream, *prefix, *args) launches `ck`.

    Triton 3.6's CompiledKernel.run is a CudaLauncher whose __call__ (Python) allocates
    the global and profile scratch a kernel may need and then calls the compiled C
    launcher, `launch`. Kernels that need neither scratch (ours: no device-side TMA
    descriptors, no profiling) call `launch` directly, skipping that frame; anything else
    keeps ck.run."""
    run = ck.run  # also loads the module (ck.function) on first use
    launch = getattr(run, "launch", None)
    if (launch is not None and getattr(run, "global_scratch_size", None) == 0
            and getattr(run, "profile_scratch_size", None) == 0
            and hasattr(run, "launch_cooperative_grid") and hasattr(run, "launch_pdl")):
        return launch, (ck.function, run.launch_cooperative_grid, run.launch_pdl, None, None,
                        ck.packed_metadata, None, None, None)
    return run, (ck.function, ck.packed_metadata, None, None, None)
