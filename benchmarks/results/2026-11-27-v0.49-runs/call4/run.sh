# v0.49 call 4 (H100): tile_words_probe.py: the 16-bit forward at 65536 (and 32768) as one
# program's tile held as int32 words, beside the library's forward, GPU time alternated.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp v49c4; }
nvidia-smi -L > $W/gpus.txt
timeout 400 python benchmarks/tile_words_probe.py 65536 32768 > $W/probe.log 2>&1; echo rc $? >> $W/probe.log
pack; cat $W/probe.log; echo SECONDS $SECONDS
