# v0.30 call 8 (H100): a) diag_sms.py: the cooperative launch's GPU time with its grid
# sized for 132 / 128 / 124 / 120 / 116 SMs (fewer row groups), to see whether the time
# follows the programs; b) the bench as called, fusednorm alone, fwd+bwd, every op and
# dtype at 12288-1M (the range the store policies touch), one process per op.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c8; mkdir -p $W
pack() { tar czf $OUT/call8.tgz -C /tmp c8; }
timeout 150 python benchmarks/diag_sms.py $W/sms.json > $W/sms.log 2>&1; pack
echo SMS $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --mode fwd+bwd --providers fusednorm --n 12288,16384,32768,65536,131072,262144,1048576"
for op in layer_norm rms_norm add_layer_norm add_rms_norm; do
  timeout -s INT 70 $B --op $op --out $W/fb_$op > $W/fb_$op.log 2>&1
  rm -f $W/fb_$op/*.png; pack; echo $op $SECONDS
done
cat $W/sms.log
for d in $W/fb_*/; do echo "== $d"; grep -E "^rows" ${d%/}.log | awk '{print $2,$3,$5,$10}' | tr '\n' ';'; echo; done
echo SECONDS $SECONDS
