# SPDX-License-Identifier: MIT
"""The toolchain path, the git URL mirrors and the mount script of a command inside a root."""
import os
import subprocess

from debianroot import enter


def test_toolchain_from_swift(tmp_path):
    bin_dir = tmp_path / "swift-6.3" / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "swift").write_text("")
    os.symlink(bin_dir / "swift", tmp_path / "swift")
    assert enter.toolchain_from_swift(str(tmp_path / "swift")) == str(tmp_path / "swift-6.3")


def test_git_url_mirrors():
    output = (
        "file:/etc/gitconfig\turl./opt/swift-packages/.insteadof https://github.com/\n"
        "file:/etc/gitconfig\turl./opt/swift-packages/.insteadof git@github.com:\n"
        "file:/etc/other\turl.https://proxy.example/.insteadof https://gitlab.com/\n"
        "file:/etc/gitconfig\tuser.name x\n"
    )
    assert enter.git_url_mirrors(output) == (["/etc/gitconfig"], ["/opt/swift-packages"])
    assert enter.git_url_mirrors("") == ([], [])


def test_mount_script_binds_and_runs_the_command_in_the_checkout():
    script = enter.mount_script(
        "/roots/t", [enter.Bind("/opt/swift", True), enter.Bind("/work/src", False)],
        ["/etc/gitconfig"], ["HOME=/root", "A=b c"], "/work/src", ["swift", "build", "a b"])
    lines = script.splitlines()
    assert lines[0] == "set -e"
    assert "mount -t proc proc /roots/t/proc" in lines
    assert "mount --bind -o ro /opt/swift /roots/t/opt/swift" in lines
    assert "mount --bind /work/src /roots/t/work/src" in lines
    assert "mount --bind -o ro /etc/gitconfig /roots/t/etc/gitconfig" in lines
    assert lines[-1].startswith("exec chroot /roots/t /usr/bin/env -i HOME=/root 'A=b c' ")
    assert lines[-1].endswith("swift build 'a b'")


def test_mount_script_runs_as_shell(tmp_path):
    """The script's last line, with chroot replaced by a plain env, runs the command with
    exactly the given environment (and the PWD, OLDPWD the shell sets) in the given directory."""
    script = enter.mount_script(
        "/", [], [], ["ONLY=1", "PATH=/usr/bin:/bin"], str(tmp_path), ["sh", "-c", "pwd; env"])
    last = script.splitlines()[-1].replace("exec chroot / ", "exec ")
    output = subprocess.run(["sh", "-c", last], capture_output=True, text=True, check=True).stdout
    lines = output.splitlines()
    assert lines[0] == str(tmp_path)
    assert sorted(line for line in lines[1:] if not line.startswith(("PWD=", "OLDPWD="))) == [
        "ONLY=1", "PATH=/usr/bin:/bin"]


def test_without_the_host_toolchain_only_the_checkout_is_mounted_and_swiftlang_is_first():
    binds, files, toolchain = enter.host_setup("/src", ["/extra"], host_toolchain=False)
    assert [(bind.path, bind.read_only) for bind in binds] == [("/src", False), ("/extra", False)]
    assert files == [] and toolchain is None
    command = enter.inside_command("/root", "/src", ["swift", "build"], host_toolchain=False)
    script = command[-1]
    assert "PATH=/usr/libexec/swift/bin:/usr/local/sbin" in script
    assert "/opt/" not in script


def test_a_throwaway_root_is_an_overlay_whose_writable_layer_is_the_given_directory():
    script = enter.mount_script("/cache/root", [], [], ["HOME=/tmp"], "/src", ["true"], "/scratch")
    assert ("mount -t overlay gesture-bridge-throwaway -o "
            "lowerdir=/cache/root,upperdir=/scratch/upper,workdir=/scratch/work "
            "/scratch/merged") in script
    assert "mount -t proc proc /scratch/merged/proc" in script
    assert "chroot /scratch/merged " in script
    assert "/cache/root/proc" not in script
