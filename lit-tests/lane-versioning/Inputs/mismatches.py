"""Names each run (kernel and block shape) of lane_versioning.cu whose
output words differ between two outputs of the program, then how many
did; exits 1 when any did."""
import sys


def runs(path):
    result, title = {}, None
    for line in open(path):
        if line.startswith(" "):
            result[title].append(line)
        else:
            title = line.split(":")[0]
            result[title] = [line]
    return result


got, want = runs(sys.argv[1]), runs(sys.argv[2])
bad = [t for t in want if got.get(t) != want[t]]
for title in bad:
    print("MISMATCH " + title)
print("%d of %d runs differ" % (len(bad), len(want)))
sys.exit(1 if bad else 0)
