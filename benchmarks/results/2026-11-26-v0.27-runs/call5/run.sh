# v0.27 call 5 (H100): the bench as called after the narrow sum tile (from 40 partials):
# (a) beside the peers, the backward cells nearest 1.0x (fp32 add_layer_norm / add_rms_norm /
# rms_norm / layer_norm at 256-8192); (b) fusednorm alone, fwd+bwd at N <= 16384, every op
# and dtype; (c) the inference shapes beside the peers, layer_norm / rms_norm bf16.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp c5; }
B="python -m fusednorm.bench --suite rows"
timeout -s INT 200 $B --kind sweep --mode bwd --dtype fp32 --n 256,512,1024,2048,4096,8192 --out $W/peers > $W/peers.log 2>&1; pack
timeout -s INT 200 $B --kind sweep --mode fwd+bwd --providers fusednorm --n 256,512,1024,2048,4096,5120,8192,12288,16384 --out $W/fb > $W/fb.log 2>&1; pack
timeout -s INT 120 $B --kind inference --op layer_norm,rms_norm --dtype bf16 --out $W/inf > $W/inf.log 2>&1; pack
rm -f $W/*/*.png; pack
for d in peers fb inf; do tail -n 1 $W/$d.log; done
echo SECONDS $SECONDS
