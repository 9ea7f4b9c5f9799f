"""v0.48 call 4: where call 3's sweep stopped (UNet 1280 contiguous, tickets on). Python
stacks of every thread are dumped on SIGUSR1 (timeout -s USR1), so a stop shows whether
the host waits on the GPU (a spinning kernel) or on a thread. Steps, each printed:
GroupNorm 16x1280x16x16 bf16 forward and backward captured in graphs (one call, then
several), replayed, checked against float64."""
import faulthandler
import signal
import sys

import torch
import torch.nn.functional as F

faulthandler.register(signal.SIGUSR1, all_threads=True)
from fusednorm.ops import groupnorm as OG  # noqa: E402
from fusednorm.kernels import launch as L  # noqa: E402
from fusednorm.kernels import groupnorm as K  # noqa: E402

shape, G = tuple(int(v) for v in sys.argv[1].split("x")), 32
dtype = torch.bfloat16
x = torch.randn(shape, device="cuda").to(dtype)
w = (1 + 0.3 * torch.randn(shape[1], device="cuda")).to(dtype)
b = (0.3 * torch.randn(shape[1], device="cuda")).to(dtype)
dy = torch.randn_like(x)
x3 = x.flatten(2)
prep = K.prepare_bwd(dy.flatten(2), x3, w, None, G, None,
                     (torch.float32, torch.float32, dtype, dtype, dtype))
print("backward prep:", "group_path", prep.group_path, "done", prep.done, "rows",
      prep.rows is not None, "slots", prep.slots,
      [(ln.grid, dict(ln.constexprs).get("FINAL_SUM")) for ln in prep.launches], flush=True)


def step():
    y, mean, rstd = OG.fwd_impl(x, w, b, G, 1e-5, None)
    return (y,) + tuple(OG.bwd_impl(dy, x, w, b, mean, rstd, G, None, True, True))


for n_calls in (1, 4):
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        step()
    torch.cuda.current_stream().wait_stream(s)
    mark = L.capture_mark()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        outs = [step() for _ in range(n_calls)]
    print(n_calls, "calls captured, buffers", L.capture_mark() - mark, flush=True)
    for r in range(5):
        x.copy_(torch.randn_like(x))
        dy.copy_(torch.randn_like(dy))
        g.replay()
        torch.cuda.synchronize()
        r64 = [t.double().requires_grad_() for t in (x, w, b)]
        ref = F.group_norm(r64[0], G, r64[1], r64[2], 1e-5)
        ref.backward(dy.double())
        errs = [(o.double() - e).abs().max().item() for o, e in
                zip(outs[-1], (ref, r64[0].grad, r64[1].grad, r64[2].grad))]
        print(f"  replay {r}: max errors y dx dw db {errs}", flush=True)
    for _ in range(200):
        g.replay()
    torch.cuda.synchronize()
    print("  200 replays done", flush=True)
    del g, outs
    L.release_capture_workspaces(mark)
