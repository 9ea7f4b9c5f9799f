# v0.44 call 1 (H100): diag_fill.py (new): the cooperative workspace's fill inside CUDA
# graphs (graph time with the fills, the fills alone, the eager kernels by the profiler);
# contiguous and channels_last GroupNorm / InstanceNorm, LayerNorm rows; bf16 and fp32.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c1; mkdir -p $W
pack() { tar czf $OUT/call1.tgz -C /tmp v44c1; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python benchmarks/diag_fill.py unet640,unet320,unet1280,vae512,in2d,in3d128,ln16k,ln64k,ln256k,rms64k --layouts nc,cl > $W/fill_bf16.log 2>&1; cat $W/fill_bf16.log; pack
timeout 120 python benchmarks/diag_fill.py unet640,vae512,in2d,ln64k --layouts nc,cl --dtype float32 > $W/fill_fp32.log 2>&1; cat $W/fill_fp32.log; pack
echo SECONDS $SECONDS
