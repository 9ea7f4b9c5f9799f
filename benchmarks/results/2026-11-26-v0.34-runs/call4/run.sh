# v0.34 call 4 (H100): quack 0.6.5 beside fusednorm in the bench, rows suite.
# Calls 1-3 carried the wheels in three parts of one tar (the CuTe DSL's cu13 libraries,
# an 88 MB wheel, as an xz'd tar of its contents: 61 MB; quack, nvidia-cutlass-dsl,
# its libs-base, apache-tvm-ffi, torch-c-dlpack-ext as wheels): more than one call may
# carry beside the tree, so each call copies its part to /tmp/qparts of the same machine.
# This call installs them to /tmp/site, checks the import, then starts bench_all.sh
# detached (setsid) and packs what it has written after a while; call 5+ pack again.
export PYTHONUNBUFFERED=1
S=/tmp/site; Q=/tmp/qb; mkdir -p $S $Q
ls -la /tmp/qparts; B=/tmp/qparts/b; mkdir -p $B
cat /tmp/qparts/part.0* | tee >(md5sum >&2) | tar xf - -C $B || exit 1  # 5fab56e1... here
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $S $B/*.whl 2>&1 | tail -3
xz -dc $B/cu13.tar.xz | tar xf - -C $S || exit 1
export PYTHONPATH=$PWD/src:$S:$S/nvidia_cutlass_dsl/dsl_packages
python3 -c "import cutlass, quack.rmsnorm as Q; print('cutlass', cutlass.__version__, 'quack ok')" 2>&1 | tail -5
python3 - <<'PY' 2>&1 | tail -20
import torch, time
from fusednorm.bench.cases import OPS, Case
from fusednorm.bench.gate import make_inputs, reference, gate
from fusednorm.bench.providers import PROVIDERS
for name in ("rms_norm", "add_rms_norm", "layer_norm", "add_layer_norm"):
    for dt in (torch.bfloat16, torch.float32):
        case = Case(OPS[name], dt, (512, 4096))
        t = time.time()
        try:
            inputs, g = make_inputs(case, torch.device("cuda"))
            ref = reference(case, inputs, g, with_grads=True)
            print(name, dt, gate(PROVIDERS["quack"].build(case), case, inputs, g, ref), f"{time.time()-t:.1f}s")
        except Exception as e:
            import traceback; traceback.print_exc(); print(name, dt, "ERROR", e)
PY
cp benchmarks/results/2026-11-26-v0.34-runs/call4/bench_all.sh $Q/
cd $Q && setsid nohup bash bench_all.sh $OLDPWD > $Q/driver.log 2>&1 < /dev/null &
while [ $SECONDS -lt ${WAIT:-400} ] && ! grep -q ALLDONE $Q/driver.log; do sleep 5; done
cat $Q/driver.log | tail -30
tar czf $OUT/qb.tgz -C /tmp qb
