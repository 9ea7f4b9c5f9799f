# v0.36 call 5 (H100): host time per call, this tree (2cda6a4: forward-mode AD's check and
# the argument types in the call keys added to every eager call) against 79f0e08's src
# (v0.35, as fusednorm_old, carried in .whl/old), host_ab.py's default cells and --bwd,
# one process each; then constant rows with a large offset against torch (the audit's
# interpreter finding: a mean 1 ulp off, amplified by eps).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v36c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v36c5; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python benchmarks/host_ab.py $W/host_default.json .whl/old --rounds 7 > $W/host_default.log 2>&1; pack
timeout 200 python benchmarks/host_ab.py $W/host_bwd.json .whl/old --rounds 7 --bwd > $W/host_bwd.log 2>&1; pack
timeout 60 python - > $W/constant_rows.log 2>&1 <<'PY'
import torch, fusednorm, torch.nn.functional as F
for dt in (torch.float32, torch.bfloat16):
    for n in (64, 768, 4096, 5120, 70000):
        for c in (1.0, 1000.37, 12345.678):
            x = torch.full((4, n), c, device="cuda", dtype=dt)
            y = fusednorm.layer_norm(x, n)
            yt = F.layer_norm(x, (n,))
            g = fusednorm.group_norm(x.view(4, 8, n // 8 if n % 8 == 0 else 1, -1)[:, :, :, :] if n % 8 == 0 else x.view(4, 1, n, 1), 1)
            print(dt, n, c, "fusednorm", y.abs().max().item(), "torch", yt.abs().max().item(), "group_norm", g.abs().max().item())
PY
pack
cat $W/host_default.log $W/host_bwd.log | grep -v "^ *$" | tail -60; cat $W/constant_rows.log
echo SECONDS $SECONDS
