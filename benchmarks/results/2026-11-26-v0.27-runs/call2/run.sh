# v0.27 call 2 (H100): the dw/db partial sum's tile (sweep_sum.py): the whole backward's GPU
# time and the sum alone, per (BLOCK_P, BLOCK_N, warps), where the sum reads 4-11 MB of
# partials from grids of 4-64 programs (N <= 16384).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp c2; }
s() { timeout ${T:-150} python benchmarks/sweep_sum.py "$@"; }
N1=512,1024,2048,4096,5120,8192,12288,16384,32768
SUM_N=$N1 s $W/ln16.json > $W/ln16.log 2>&1; pack
SUM_N=$N1 SUM_RES=1 s $W/ln16_dh.json > $W/ln16_dh.log 2>&1; pack
SUM_N=2048,4096,8192,12288,16384 SUM_OPS=rms s $W/rms16.json > $W/rms16.log 2>&1; pack
SUM_N=512,2048,4096,8192,12288 SUM_DTYPES=fp32 SUM_OPS=ln,rms s $W/f32.json > $W/f32.log 2>&1; pack
SUM_N=$N1 s $W/ln16_b.json > $W/ln16_b.log 2>&1; pack
for f in ln16 ln16_dh rms16 f32 ln16_b; do echo "== $f"; grep -v "^NVIDIA" $W/$f.log; done
echo SECONDS $SECONDS
