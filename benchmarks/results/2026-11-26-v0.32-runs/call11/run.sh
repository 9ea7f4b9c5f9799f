# v0.32 call 11 (H100): the GPU tests outside test_rownorm.py and test_bench.py (calls 6
# and 9 ran those) on the final src, three shards side by side.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c11; mkdir -p $W
pack() { tar czf $OUT/call11.tgz -C /tmp v32c11; }
t() { timeout 500 python -m pytest -q -m gpu "${@:2}" > $W/$1.log 2>&1; }
t gn tests/test_groupnorm.py & t patch tests/test_patch.py &
t rest tests/test_compile.py tests/test_nn.py tests/test_check.py tests/test_launch.py &
wait; pack
for f in gn patch rest; do echo "== $f"; tail -3 $W/$f.log; done
echo SECONDS $SECONDS
