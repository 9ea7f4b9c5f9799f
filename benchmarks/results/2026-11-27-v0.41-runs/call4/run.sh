# v0.41 call 4 (H100): sweep_groupnorm.py's GPU time (graph_ms) with and without 50 ms of
# untimed replays before the timing (FUSEDNORM_GRAPH_WARM_MS 0 = v0.40's method), three
# processes (0, 50, 0), the contiguous groups-suite shapes, bf16, fwd and bwd.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v41c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v41c4; }
nvidia-smi -L > $W/gpus.txt
C=vae128,in3d64,in3d32,vae256,in3d128,vae512,unet320,unet640
for i in 1 2 3; do
  ms=$([ $i = 2 ] && echo 50 || echo 0)
  FUSEDNORM_GRAPH_WARM_MS=$ms timeout 150 python benchmarks/sweep_groupnorm.py $W/warm${ms}_$i.json \
    --no-torch --layouts nc --cases $C > $W/warm${ms}_$i.log 2>&1
  echo "== warm $ms ms (process $i)"; cat $W/warm${ms}_$i.log; pack
done
echo SECONDS $SECONDS
