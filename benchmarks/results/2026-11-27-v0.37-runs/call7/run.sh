# v0.37 call 7 (H100), the final src: v0.36 call 5's constant rows against torch again
# (now with fp16, group_norm in both layouts and instance_norm); the constant-input tests
# (forward every path, fp32 backward) and the row tests of statistics, scratch and the
# inference path.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v37c7; mkdir -p $W
pack() { tar czf $OUT/call7.tgz -C /tmp v37c7; }
nvidia-smi -L > $W/gpus.txt
timeout 120 python - > $W/constant_rows.log 2>&1 <<'PY'
import torch, fusednorm, torch.nn.functional as F
for dt in (torch.float32, torch.bfloat16, torch.float16):
    for n in (64, 768, 4096, 5120, 32768, 70000):
        for c in (1.0, 1000.37, 12345.678):
            x = torch.full((4, n), c, device="cuda", dtype=dt)
            y = fusednorm.layer_norm(x, n)
            yt = F.layer_norm(x, (n,))
            g = fusednorm.group_norm(x.view(4, 8, n // 8 if n % 8 == 0 else 1, -1)[:, :, :, :] if n % 8 == 0 else x.view(4, 1, n, 1), 1)
            print(dt, n, c, "fusednorm", y.abs().max().item(), "torch", yt.abs().max().item(), "group_norm", g.abs().max().item())
    for shape, G in (((2, 320, 16, 16), 32), ((16, 1280, 8, 8), 32), ((2, 64, 64, 64), 32), ((2, 32, 16, 16, 16), 32)):
        x = torch.full(shape, 1000.37, device="cuda", dtype=dt)
        cl = x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)
        out = [fusednorm.group_norm(t, G).abs().max().item() for t in (x, cl)]
        out += [fusednorm.instance_norm(t).abs().max().item() for t in (x, cl)]
        tq = [F.group_norm(x, G).abs().max().item(), F.instance_norm(x).abs().max().item()]
        print(dt, shape, "group_norm / cl, instance_norm / cl", out, "torch", tq)
PY
cat $W/constant_rows.log; pack
timeout 300 python -m pytest -q -p no:cacheprovider -m gpu tests/test_rownorm.py tests/test_groupnorm.py -k "constant or stats or scratch or infer or one_pass or group_path or tile" > $W/tests.log 2>&1
tail -1 $W/tests.log; grep -h "FAILED" $W/tests.log | head; pack
echo SECONDS $SECONDS
