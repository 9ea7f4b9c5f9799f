# v0.48 call 4 (H100): where call 3's sweep stopped (UNet 1280 contiguous with tickets):
# diag_hang.py at 16x1280x16x16 and 16x1280x8x8 (stacks dumped at 60 s), then the sweep's
# UNet 1280 cases alone with tickets on, stacks dumped at 100 s.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v48c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v48c4; }
nvidia-smi -L > $W/gpus.txt
D=benchmarks/results/2026-11-27-v0.48-runs/call4
for s in 16x1280x16x16 16x1280x8x8; do
  timeout -k 5 -s USR1 60 python $D/diag_hang.py $s > $W/hang_$s.log 2>&1; echo rc $? >> $W/hang_$s.log
  tail -12 $W/hang_$s.log | cut -c1-300; pack
done
ON='{"L.CAPTURE_TICKETS": true}'
timeout -k 5 -s USR1 100 python -c "
import faulthandler, signal, sys, runpy
faulthandler.register(signal.SIGUSR1, all_threads=True)
sys.argv = ['sweep_groupnorm.py', '$W/sw.json', '--cases', 'unet1280,unet1280s', '--layouts', 'nc', '--no-torch', '--settings', '[$ON]']
runpy.run_path('benchmarks/sweep_groupnorm.py', run_name='__main__')
" > $W/sw.log 2>&1; echo rc $? >> $W/sw.log
tail -40 $W/sw.log | cut -c1-300; pack
echo SECONDS $SECONDS
