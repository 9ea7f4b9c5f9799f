# The rows suite, fusednorm and quack side by side (sweep shapes N 256..256K and 1M;
# the inference shapes last), one bench process per op group, each writing results.json
# after every case. Runs detached; calls pack /tmp/qb.
REPO=$1; cd $REPO
export PYTHONUNBUFFERED=1 S=/tmp/site
export PYTHONPATH=$REPO/src:$S:$S/nvidia_cutlass_dsl/dsl_packages
NS=256,512,1024,2048,4096,5120,8192,12288,16384,32768,65536,131072,262144,1048576
b() { echo "== $1 start $(date +%T)"; shift; python3 -m fusednorm.bench "$@"; local rc=$?; echo "== end $(date +%T) rc $rc"; }
b rms --suite rows --kind sweep --op rms_norm --n $NS --mode fwd,bwd --providers fusednorm,quack --out /tmp/qb/rms > /tmp/qb/rms.log 2>&1
b ln --suite rows --kind sweep --op layer_norm --n $NS --mode fwd,bwd --providers fusednorm,quack --out /tmp/qb/ln > /tmp/qb/ln.log 2>&1
b arms --suite rows --kind sweep --op add_rms_norm --n $NS --mode fwd,bwd --providers fusednorm,quack --out /tmp/qb/arms > /tmp/qb/arms.log 2>&1
b aln --suite rows --kind sweep --op add_layer_norm --n $NS --mode fwd,bwd --providers fusednorm,quack --out /tmp/qb/aln > /tmp/qb/aln.log 2>&1
b inf --suite rows --kind inference --providers fusednorm,quack,torch --out /tmp/qb/inf > /tmp/qb/inf.log 2>&1
echo ALLDONE
