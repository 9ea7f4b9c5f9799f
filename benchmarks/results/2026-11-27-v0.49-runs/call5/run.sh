# v0.49 call 5 (H100): tile_words_probe.py at 65536: the tile of words, with and without an L2 prefetch of the row SMs on (AHEAD), beside the library; one
# program's tile held as int32 words, beside the library's forward, GPU time alternated.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src:$PWD/benchmarks
W=/tmp/v49c5; mkdir -p $W
pack() { tar czf $OUT/call5.tgz -C /tmp v49c5; }
nvidia-smi -L > $W/gpus.txt
timeout 400 python benchmarks/tile_words_probe.py 65536 > $W/probe.log 2>&1; echo rc $? >> $W/probe.log
pack; cat $W/probe.log; echo SECONDS $SECONDS
