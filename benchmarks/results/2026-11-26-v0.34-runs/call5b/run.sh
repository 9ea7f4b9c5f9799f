# v0.34 call 5 (5a and 5b: the same machine as calls 1-4): call 4 found quack's import failing
# (nvidia-cutlass-dsl-libs-core, the DSL's Python package, is a dependency of libs-base
# that was not carried). This call adds libs-core, nvidia-cuda-nvdisasm and protobuf 6
# (libs-core asks protobuf < 7; the image has 7.36) to /tmp/site, then runs call 4's
# import check, smoke gate and detached bench (bench_all.sh), packing after WAIT s.
export PYTHONUNBUFFERED=1
S=/tmp/site
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site2 .qk/*.whl 2>&1 | tail -3
cp -r /tmp/site2/* $S/
sed -n '/^export PYTHONPATH/,$p' benchmarks/results/2026-11-26-v0.34-runs/call4/run.sh > /tmp/call4_tail.sh
S=/tmp/site Q=/tmp/qb bash -c 'S=/tmp/site; Q=/tmp/qb; rm -rf $Q; mkdir -p $Q; source /tmp/call4_tail.sh'
