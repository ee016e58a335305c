"""Resident memory and open descriptors of processes over time, read from /proc."""
import os
import time

WARM_UP = 60  # seconds after a start before its memory counts as a baseline


def read(pid):
    """(RSS in KiB, open descriptors) of a live process, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        return rss, len(os.listdir(f"/proc/{pid}/fd"))
    except (OSError, StopIteration):
        return None


class ProcessSampler:
    def __init__(self, folder=None):
        self.tracked = []
        self.folder = folder  # where each process's samples go as NAME.csv, for a closer look

    def track(self, name, pid, disk=None):
        """Samples `pid` from now on; with `disk`, a function giving the KiB its files take, that too."""
        samples = {"name": name, "pid": pid, "start": time.monotonic(), "points": [], "disk": disk}
        self.tracked.append(samples)
        return samples

    def sample(self, every=10):
        now = time.monotonic()
        for samples in self.tracked:
            if samples["points"] and now - samples["points"][-1][0] < every:
                continue
            value = read(samples["pid"])
            if value:
                disk = (samples["disk"](),) if samples["disk"] else ()
                samples["points"].append((now, *value, *disk))
                if self.folder:
                    name = samples["name"].replace(" ", "-").replace("#", "")
                    with open(os.path.join(self.folder, name + ".csv"), "a") as f:
                        f.write(",".join(str(round(x, 1)) for x in (now - samples["start"], *value, *disk)) + "\n")


def growth(points, index):
    """How much value `index` of the points grew: the peak of the last third over the peak of
    the first third (peaks, so one sample's noise neither hides nor fakes a trend)."""
    third = max(1, len(points) // 3)
    return max(p[index] for p in points[-third:]) - max(p[index] for p in points[:third])


def flat(samples, slack_kib=4096, slack_fds=2, slack_disk_kib=4096):
    """A table row: RSS, descriptors (and disk, when sampled) from the end of the warm-up to the
    end of a process's life; holds when none grew beyond its slack (lives shorter than three
    warm-ups are shown, not judged)."""
    points = [p for p in samples["points"] if p[0] - samples["start"] >= WARM_UP]
    if len(points) < 6 or points[-1][0] - points[0][0] < 2 * WARM_UP:
        return (f"{samples['name']}: too short to judge", f"{len(samples['points'])} samples", True)
    minutes = (points[-1][0] - points[0][0]) / 60
    value = (f"RSS {points[0][1] / 1024:.1f}→{points[-1][1] / 1024:.1f} MiB (peak {max(p[1] for p in points) / 1024:.1f}), "
             f"fds {points[0][2]}→{points[-1][2]}")
    holds = growth(points, 1) <= slack_kib and growth(points, 2) <= slack_fds
    if samples["disk"]:
        value += f", disk {points[0][3] / 1024:.1f}→{points[-1][3] / 1024:.1f} MiB (peak {max(p[3] for p in points) / 1024:.1f})"
        holds = holds and growth(points, 3) <= slack_disk_kib
    return (f"{samples['name']} over {minutes:.0f} min", value, holds)
