"""Checks tid_guard.cu's output against CUDA's semantics computed here:
__shfl_down_sync over 32-lane warps of the linear thread index (a lane
whose source is past lane 31 reads its own value), the stores of threads
with threadIdx.x < 4. Prints each wrong line and exits 1 if any."""
import sys


def expected(width, height):
    values = [i * i + 7 for i in range(64)]
    for offset in (16, 8, 4, 2, 1):
        values = [v + (values[i + offset] if i % 32 + offset < 32 else v)
                  for i, v in enumerate(values)]
    return {i: values[i] if i % width < 4 else -1 for i in range(64)}


wrong = 0
for line in open(sys.argv[1]):
    shape, index, value = line.split()
    width, height = map(int, shape.split("x"))
    want = expected(width, height)[int(index)]
    if int(value) != want:
        wrong += 1
        print(f"MISMATCH {shape} thread {index}: {value}, CUDA {want}")
print(f"{wrong} wrong")
sys.exit(1 if wrong else 0)
