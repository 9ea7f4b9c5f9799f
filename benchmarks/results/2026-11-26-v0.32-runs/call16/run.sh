# v0.32 call 16 (H100): after the split backward launcher's tidy (no behaviour change):
# the GPU tests of the split path, long rows and the backward's launches, and
# sweep_split.py's backward at 4M with the defaults.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v32c16; mkdir -p $W
pack() { tar czf $OUT/call16.tgz -C /tmp v32c16; }
git log -1 --format=%h > $W/commit.txt 2>/dev/null
timeout 240 python -m pytest -q -m gpu tests/test_rownorm.py -k "split or million or launch_bwd or write_every or long" > $W/pytest.log 2>&1; pack
env SPLIT_MODES=bwd SPLIT_DTYPES=bf16,fp32 SPLIT_N=4194304 timeout 90 python benchmarks/sweep_split.py $W/b.json > $W/b.log 2>&1; pack
tail -2 $W/pytest.log; grep "N=" $W/b.log
echo SECONDS $SECONDS
