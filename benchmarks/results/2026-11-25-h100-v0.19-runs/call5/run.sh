# v0.19 call 5: (1) the lagged columns path (c31d217's src, carried as .whl/lag/src) with
# its waiting programs' polls slowed by nanosleep (FUSEDNORM_COOP_BACKOFF = 0 / 500 /
# 2000 ns), against the default paths, channels_last bf16 forward (sweep_groupnorm.py);
# (2) the bench as called, fusednorm only, rows backward and fwd+bwd at the row lengths
# whose backward config changed (256, 512, 5120, 8192, 12288, 65536), four ops, three dtypes.
export PYTHONUNBUFFERED=1
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
L=$PWD/.whl/lag/src; NEW=$PWD/src
SET='[{"COLS_LAG":false},{}]'
gsw() { local name=$1 t=$2 bo=$3; shift 3; env PYTHONPATH=$L FUSEDNORM_COOP_BACKOFF=$bo timeout -s INT $t python benchmarks/sweep_groupnorm.py $W/$name.json --layouts cl --fwd-only --no-torch --settings "$SET" "$@" > $W/$name.log 2>&1; }
G=unet320,unet640,vae512,vae256,in3d128,in2d
gsw gw0 200 0 --warm --cases $G & gsw gw1 200 500 --warm --cases $G & gsw gw2 200 2000 --warm --cases $G &
wait; pack; echo warm $SECONDS
for bo in 0 500 2000; do gsw g_$bo 90 $bo --cases $G; pack; done
for bo in 0 500 2000; do echo "== backoff $bo"; grep -v "^$" $W/g_$bo.log | cut -c1-110; done
left=$((590 - SECONDS)); PYTHONPATH=$NEW timeout -s INT $left python -m fusednorm.bench --suite rows --kind sweep --n 256,512,5120,8192,12288,65536 --mode bwd,fwd+bwd --providers fusednorm --out $W/rows > $W/rows.log 2>&1; pack
tail -n 3 $W/rows.log; echo SECONDS $SECONDS
