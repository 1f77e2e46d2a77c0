//! The test data is what `tests/data/README.md` says it is: every file of
//! `tests/data/` has the SHA-256 listed there, and the list names every file.

mod common;

/// SHA-256 (FIPS 180-4), small and dependency-free.
fn sha256(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
        0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
        0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
        0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ];
    let mut h: [u32; 8] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in msg.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes(word.try_into().unwrap());
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            (hh, g, f, e, d, c, b, a) = (g, f, e, d.wrapping_add(t1), c, b, a, t1.wrapping_add(t2));
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

#[test]
fn sha256_known_answers() {
    assert_eq!(sha256(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    assert_eq!(sha256(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // Two blocks of padding (56 bytes).
    assert_eq!(sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

/// `(sha256, file name)` of the ```` ```sha256 ```` block of the README.
fn listed() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(common::data("README.md")).expect("tests/data/README.md");
    let block = readme
        .split("```sha256\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("tests/data/README.md has a ```sha256 block");
    block
        .lines()
        .map(|l| {
            let (hash, name) = l.split_once("  ").unwrap_or_else(|| panic!("tests/data/README.md: bad checksum line {l:?}"));
            assert!(hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()), "tests/data/README.md: bad hash in {l:?}");
            (hash.to_string(), name.to_string())
        })
        .collect()
}

/// Every file below `dir`, as a path relative to it (`variants/x.jsonl.gz`).
fn files_under(dir: &std::path::Path, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let name = format!("{prefix}{}", e.file_name().into_string().unwrap());
        if e.file_type().unwrap().is_dir() {
            out.extend(files_under(&e.path(), &format!("{name}/")));
        } else {
            out.push(name);
        }
    }
    out
}

#[test]
fn every_data_file_has_its_recorded_checksum() {
    let listed = listed();
    let mut present: Vec<String> = files_under(&common::data(""), "").into_iter().filter(|n| n != "README.md").collect();
    present.sort();
    let mut names: Vec<String> = listed.iter().map(|(_, n)| n.clone()).collect();
    names.sort();
    assert_eq!(present, names, "files of tests/data/ (left) and files listed in tests/data/README.md (right) differ");
    let mut wrong = Vec::new();
    for (want, name) in &listed {
        let bytes = std::fs::read(common::data(name)).unwrap_or_else(|e| panic!("tests/data/{name}: {e}"));
        let got = sha256(&bytes);
        if &got != want {
            wrong.push(format!("tests/data/{name}: SHA-256 {got}, tests/data/README.md says {want}"));
        }
    }
    assert!(wrong.is_empty(), "test data changed (restore it, or record where the new file comes from):\n{}", wrong.join("\n"));
}
