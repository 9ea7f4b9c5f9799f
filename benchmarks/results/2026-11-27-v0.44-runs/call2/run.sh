# v0.44 call 2 (H100): diag_fill.py again, fixed: the fills recorded where the kernels
# modules call coop_workspace (call 1 patched only launch's name: 0 fills seen), the eager
# kernels profiled over the rotated inputs (call 1 reused one input: L2 hits).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v44c2; mkdir -p $W
pack() { tar czf $OUT/call2.tgz -C /tmp v44c2; }
nvidia-smi -L > $W/gpus.txt
timeout 200 python benchmarks/diag_fill.py unet640,unet320,unet1280,vae512,in2d,ln16k,ln64k,ln256k --layouts nc,cl > $W/fill_bf16.log 2>&1; grep -v Warn $W/fill_bf16.log; pack
echo SECONDS $SECONDS
