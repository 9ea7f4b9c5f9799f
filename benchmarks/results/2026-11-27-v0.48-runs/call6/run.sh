# v0.48 call 6 (H100): ticket tags from a per-program count read at the start and stored plus one at the end (call 5: an atomic at the start held every warp until it returned, UNet 640 forward -7).
# 1. GPU tests of CUDA graphs, tickets and cooperative launches (four processes);
# 2. sweep_groupnorm.py, bf16, every groups-suite case and layout, GPU time (graph replay),
#    L.CAPTURE_TICKETS off / on alternated twice in one process (none; silu at four cases).
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v48c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp v48c6; }
nvidia-smi -L > $W/gpus.txt
timeout -k 5 -s USR1 60 python benchmarks/results/2026-11-27-v0.48-runs/call4/diag_hang.py 16x1280x16x16 > $W/hang.log 2>&1; echo rc $? >> $W/hang.log; tail -4 $W/hang.log
T="-q -p no:cacheprovider -x"
(timeout 240 python -m pytest $T tests/test_rownorm.py -k "cuda_graph or ticket or stale_workspace or cooperative_rows" > $W/t_rows.log 2>&1) &
(timeout 240 python -m pytest $T tests/test_groupnorm.py -k "cuda_graph or ticket or cols_coop or rows_path_gpu" > $W/t_gn.log 2>&1) &
(timeout 240 python -m pytest $T tests/test_nn.py -k "compiled_cuda_graphs or graph" > $W/t_nn.log 2>&1) &
(timeout 240 python -m pytest $T tests/test_launch.py > $W/t_launch.log 2>&1) &
wait
for f in $W/t_*.log; do echo $f; tail -1 $f; grep -E "^FAILED|^ERROR|Timeout" $f | head -5; done; pack
OFF='{"L.CAPTURE_TICKETS": false}'; ON='{"L.CAPTURE_TICKETS": true}'
for A in none silu; do
  X=""; C=unet640,unet1280,unet1280s,vae512,unet320,in2d,vae256,vae128,in3d64
  [ $A = silu ] && X="--act silu" && C=unet640,unet1280,vae512
  timeout 230 python benchmarks/sweep_groupnorm.py $W/tk_$A.json --cases $C --no-torch $X --settings "[$OFF, $ON, $OFF, $ON]" > $W/tk_$A.log 2>&1
  tail -3 $W/tk_$A.log; pack
done
echo SECONDS $SECONDS
