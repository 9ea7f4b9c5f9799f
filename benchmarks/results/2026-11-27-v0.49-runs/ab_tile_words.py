"""GPU A/B in one process: the 16-bit RMSNorm forward with the tile of words (the library's
default from v0.49) and without it (TILE_WORDS_MAX 0: the cooperative path, as before),
alternated twice, GPU time (a CUDA graph replayed), % of a 1 GB copy timed in the same
process; about 2^27 elements; with statistics (training) and without (inference).

    PYTHONPATH=src python ab_tile_words.py [N ...]    (default 65536)"""
import sys

import torch
import triton

from fusednorm.bench.timing import CudaClock, copy_gbps, graph_ms
from fusednorm.kernels import rownorm as K


def main():
    ns = [int(a) for a in sys.argv[1:]] or [65536]
    dev = torch.device("cuda")
    copy = copy_gbps(CudaClock(warmup_ms=10, rep_ms=60), dev)
    print(f"{torch.cuda.get_device_name()} torch {torch.__version__} triton {triton.__version__} "
          f"copy {copy:.0f} GB/s", flush=True)
    words_max = K.TILE_WORDS_MAX
    for n in ns:
        m = (1 << 27) // n
        for dtype in (torch.bfloat16, torch.float16):
            x = torch.randn(m, n, device=dev, dtype=dtype)
            w = torch.rand(n, device=dev, dtype=dtype) + 0.5
            y = torch.empty_like(x)
            rstd = torch.empty(m, device=dev)
            nbytes = 2 * x.numel() * x.element_size() + w.numel() * w.element_size()
            for stats in (True, False):
                reads = {"words": [], "before": []}
                for _ in range(2):
                    for name, wmax in (("words", words_max), ("before", 0)):
                        K.TILE_WORDS_MAX = wmax
                        K.clear_prepared()
                        r = rstd if stats else None
                        path = K.prepare_fwd(x, None, w, None, True, y, None, None, r).cfg
                        ms = graph_ms(lambda: K.rownorm_fwd(x, None, w, None, 1e-6, True, y,
                                                            None, None, r))
                        reads[name].append(100 * nbytes / ms / 1e6 / copy)
                K.TILE_WORDS_MAX = words_max
                K.clear_prepared()
                print(f"rms_norm {str(dtype)[6:]:8} N {n:6} {'stats' if stats else 'infer'}  "
                      + "  ".join(f"{k} " + " / ".join(f"{v:5.1f}" for v in vs)
                                  for k, vs in reads.items())
                      + f"  (last: path {path.path}, pack16 {path.pack16})", flush=True)
            del x, y


if __name__ == "__main__":
    main()
