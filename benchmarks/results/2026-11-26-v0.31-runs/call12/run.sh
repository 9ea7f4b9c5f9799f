# v0.31 call 12 (H100): every GPU-marked test of the final code (pytest -m gpu tests/),
# interrupted at 540 s if not done (pytest prints its summary on SIGINT).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v31c12; mkdir -p $W
pack() { tar czf $OUT/call12.tgz -C /tmp v31c12; }
timeout -s INT 540 python -m pytest -q -m gpu tests/ -p no:cacheprovider -rf > $W/t_gpu.log 2>&1; pack
tail -n 15 $W/t_gpu.log
echo SECONDS $SECONDS
