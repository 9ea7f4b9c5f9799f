"""python -m fusednorm check: the self-check (see fusednorm/check.py)."""
import sys

USAGE = """usage: python -m fusednorm check

  check   run every op against a float64 reference on this machine and print a table
          (on CUDA if a GPU is present; otherwise the CPU reference path and the Triton
          kernels in the interpreter). Exit status 0 when every check passes.

Benchmarks: python -m fusednorm.bench --help"""


def main() -> int:
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] == "check":
        from .check import main as check_main
        return check_main(args[1:])
    print(f"python -m fusednorm: unknown command {args[0]!r}\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
