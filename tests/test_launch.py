"""The cached launch path's pure-Python parts (the direct launches themselves need CUDA and
are covered by the GPU tests of test_rownorm / test_groupnorm)."""
from types import SimpleNamespace

import pytest
import torch

from fusednorm.kernels import launch as L
from fusednorm.kernels.launch import _direct


def _compiled(global_scratch=0, profile_scratch=0):
    launch = object()
    run = SimpleNamespace(launch=launch, global_scratch_size=global_scratch,
                          profile_scratch_size=profile_scratch, launch_cooperative_grid=False,
                          launch_pdl=True)
    return SimpleNamespace(run=run, function=7, packed_metadata=(1, 2)), launch


def test_direct_skips_the_python_launcher_without_scratch():
    # fn(gx, gy, gz, stream, *prefix, *args) must equal what Triton 3.6's
    # CudaLauncher.__call__ passes its C launcher: function, cooperative, pdl, the two
    # scratch buffers (None), then the packed metadata, launch metadata and hooks (None).
    ck, launch = _compiled()
    fn, prefix = _direct(ck)
    assert fn is launch
    assert prefix == (7, False, True, None, None, (1, 2), None, None, None)


def test_direct_keeps_the_python_launcher_when_scratch_is_needed():
    for sizes in ((256, 0), (0, 64)):
        ck, launch = _compiled(*sizes)
        fn, prefix = _direct(ck)
        assert fn is ck.run and prefix == (7, (1, 2), None, None, None)


def test_direct_keeps_the_python_launcher_of_another_triton():
    ck = SimpleNamespace(run=SimpleNamespace(), function=7, packed_metadata=(1, 2))
    fn, prefix = _direct(ck)
    assert fn is ck.run and prefix == (7, (1, 2), None, None, None)


def test_resident_counts_programs_of_the_compiled_probe(monkeypatch):
    # FixedLaunch.resident (the probe behind rownorm._fit and the cooperative columns
    # path): stand-in tensors of the given dtypes on the device, the launch compiled for
    # them, resident_programs of the result; None off CUDA or with no compiled kernel.
    import torch
    from fusednorm.kernels import launch as L
    made, seen = [], []
    monkeypatch.setattr(L.torch, "empty",
                        lambda n, dtype, device: made.append((n, dtype, device)) or dtype)
    fl = L.FixedLaunch(None, (1,), (), (), num_warps=8)
    ck = SimpleNamespace(run=None, n_regs=77, metadata=SimpleNamespace(shared=0))
    monkeypatch.setattr(L.FixedLaunch, "compiled_kernel",
                        lambda self, tensors, tail=(): seen.append((tensors, tail)) or ck)
    cuda = torch.device("cuda")
    # 77 registers round up to 80: 65536 // (80 * 32 * 8) = 3 programs per SM.
    assert fl.resident(cuda, (torch.bfloat16, torch.int64), (1e-5,)) == 3
    assert made == [(16, torch.bfloat16, cuda), (16, torch.int64, cuda)]
    assert seen == [((torch.bfloat16, torch.int64), (1e-5,))]
    assert fl.resident(torch.device("cpu"), (torch.bfloat16,)) is None
    monkeypatch.setattr(L.FixedLaunch, "compiled_kernel", lambda self, tensors, tail=(): None)
    assert fl.resident(cuda, (torch.bfloat16,)) is None


def test_coop_workspace_serial_tags(monkeypatch):
    # One buffer per (device, stream), reused with a new tag per launch; grown (zeroed, tags
    # from 1 again) for a larger request; zeroed again rather than reusing a tag; and a
    # private zeroed buffer with tag 1 where asked (SYNC 2's counters).
    monkeypatch.setattr(L, "_WORKSPACES", {})
    cpu = torch.device("cpu")
    ws, tag = L.coop_workspace(cpu, 64)
    assert tag == 1 and ws.numel() == 64 and ws.dtype == torch.int64 and not ws.any()
    ws.fill_(-1)  # what a launch leaves behind
    ws2, tag2 = L.coop_workspace(cpu, 32)
    assert ws2 is ws and tag2 == 2
    fresh, ftag = L.coop_workspace(cpu, 32, fresh=True)
    assert fresh is not ws and ftag == 1 and not fresh.any()
    assert L.coop_workspace(cpu, 64) == (ws, 3)  # the fresh one took no serial
    big, btag = L.coop_workspace(cpu, 128)
    assert big is not ws and btag == 1 and big.numel() == 128 and not big.any()
    monkeypatch.setattr(L, "TAG_LIMIT", 3)
    assert [L.coop_workspace(cpu, 16)[1] for _ in range(2)] == [2, 3]
    big.fill_(-1)
    again, atag = L.coop_workspace(cpu, 16)
    assert again is big and atag == 1 and not big.any()
    # A launch may take a span of tags (rownorm's ROW_TAG: TAG + row): the next starts
    # after it, and a span that would pass TAG_LIMIT starts again from 1 on zeroed words.
    monkeypatch.setattr(L, "TAG_LIMIT", 100)
    assert L.coop_workspace(cpu, 16, span=10)[1] == 2
    assert L.coop_workspace(cpu, 16, span=50)[1] == 12
    assert L.coop_workspace(cpu, 16)[1] == 62
    big.fill_(-1)
    again, atag = L.coop_workspace(cpu, 16, span=40)  # 63 .. 102 would pass the limit
    assert again is big and atag == 1 and not big.any()
    assert L.coop_workspace(cpu, 16)[1] == 41
    assert L.coop_workspace(cpu, 16, fresh=True, span=40)[1] == 1
    L.release_workspaces()
    assert L._WORKSPACES == {}


def test_stream_scratch(monkeypatch):
    # fp32 scratch for one call's launches: on CPU (the interpreter) a fresh tensor of the
    # size asked each time; on a GPU one buffer per (device, stream), reused, grown for a
    # larger request, and fresh above SCRATCH_MAX_BYTES or during CUDA graph capture.
    monkeypatch.setattr(L, "_SCRATCH", {})
    cpu = torch.device("cpu")
    a, b = L.stream_scratch(cpu, 100), L.stream_scratch(cpu, 100)
    assert a.numel() == 100 and a.dtype == torch.float32 and a.data_ptr() != b.data_ptr()
    assert L._SCRATCH == {}
    if not torch.cuda.is_available():
        return
    cuda = torch.device("cuda")
    s1 = L.stream_scratch(cuda, 100)
    assert s1.numel() >= 100 and s1.dtype == torch.float32 and s1.is_cuda
    assert L.stream_scratch(cuda, 50) is s1
    big = L.stream_scratch(cuda, s1.numel() + 1)
    assert big is not s1 and big.numel() == s1.numel() + 1
    assert L.stream_scratch(cuda, 10) is big
    over = L.SCRATCH_MAX_BYTES // 4 + 1
    huge = L.stream_scratch(cuda, over)
    assert huge.numel() == over and L.stream_scratch(cuda, 10) is big
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        other = L.stream_scratch(cuda, 10)
        assert other is not big and L.stream_scratch(cuda, 10) is other
    side.wait_stream(torch.cuda.current_stream())
    g = torch.cuda.CUDAGraph()
    with torch.cuda.stream(side):
        with torch.cuda.graph(g):
            captured = L.stream_scratch(cuda, 10)
            captured.fill_(0)
    assert captured is not other and captured is not big
    L.release_workspaces()
    assert L._SCRATCH == {}



def test_ticket_launch_variant_follows_the_setting(monkeypatch):
    # The TICKET variant of a cooperative launch: 1 under the interpreter, TICKET_GPU
    # (2: the L2 prefetch of the words, or 1, an A/B setting) on the GPU; a changed
    # setting makes a new variant, the same setting keeps the one made.
    base = L.FixedLaunch(None, (4,), (7,), (("A", 3), ("TICKET", False)), 4)
    monkeypatch.setenv("TRITON_INTERPRET", "1")
    t = L.ticket_launch(base)
    assert t.constexprs == (("A", 3), ("TICKET", 1)) and t.grid == (4, 1, 1)
    assert L.ticket_launch(base) is t
    monkeypatch.setenv("TRITON_INTERPRET", "0")
    assert L.ticket_launch(base).constexprs[-1] == ("TICKET", L.TICKET_GPU) == ("TICKET", 2)
    monkeypatch.setattr(L, "TICKET_GPU", 1)
    t1 = L.ticket_launch(base)
    assert t1.constexprs[-1] == ("TICKET", 1) and L.ticket_launch(base) is t1
    with pytest.raises(AssertionError):
        L.ticket_launch(t1)  # (already a TICKET variant)
