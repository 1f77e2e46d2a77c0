//! A seeded random legal policy and the buffers to run a [`VecEnv`] from
//! Rust: what `mcr play` and `mcr bench env` use.

use rayon::prelude::*;

use super::action::NUM_ACTIONS;
use super::vec::{Buffers, EnvError, VecEnv, VecEnvConfig};
use super::wall::Rng;
use mcr_core::fans::Profile;

/// Owned output buffers of the right sizes for `env`.
pub struct OwnedBuffers {
    /// Observations.
    pub obs: Vec<u8>,
    /// Legal action masks.
    pub mask: Vec<u8>,
    /// Rewards.
    pub reward: Vec<f32>,
    /// Tables whose game ended.
    pub done: Vec<u8>,
    /// Fan totals of wins.
    pub hu_fans: Vec<i32>,
}

impl OwnedBuffers {
    /// Buffers of the sizes `env` writes.
    pub fn for_env(env: &VecEnv) -> OwnedBuffers {
        let n = env.num_envs();
        OwnedBuffers {
            obs: vec![0; n * 4 * env.obs_len()],
            mask: vec![0; n * 4 * NUM_ACTIONS],
            reward: vec![0.0; n * 4],
            done: vec![0; n],
            hu_fans: vec![0; n * 4],
        }
    }

    /// The buffers as [`Buffers`] for one reset or step.
    pub fn view(&mut self) -> Buffers<'_> {
        Buffers {
            obs: &mut self.obs,
            mask: &mut self.mask,
            reward: &mut self.reward,
            done: &mut self.done,
            hu_fans: &mut self.hu_fans,
        }
    }
}

/// Uniform random legal actions: one generator per table, so the choices do
/// not depend on the number of threads.
pub struct RandomPolicy {
    rngs: Vec<Rng>,
}

impl RandomPolicy {
    /// A policy for `num_envs` tables seeded with `seed`.
    pub fn new(num_envs: usize, seed: u64) -> RandomPolicy {
        RandomPolicy { rngs: (0..num_envs as u64).map(|i| Rng::stream(seed ^ 0x5EE_D0FA_11CE, i)).collect() }
    }

    /// Fills `actions` (`[N, 4]`) from `mask` (`[N, 4, 235]`); a seat with no
    /// legal action gets PASS.
    pub fn act(&mut self, mask: &[u8], actions: &mut [i64]) {
        self.rngs
            .par_iter_mut()
            .zip(mask.par_chunks(4 * NUM_ACTIONS))
            .zip(actions.par_chunks_mut(4))
            .with_min_len(64)
            .for_each(|((rng, mask), actions)| {
                for (seat, a) in actions.iter_mut().enumerate() {
                    *a = pick(rng, &mask[seat * NUM_ACTIONS..(seat + 1) * NUM_ACTIONS]) as i64;
                }
            });
    }
}

/// A uniform choice among the set entries of one mask (0 when none). The
/// entries are 0/1 and at most 235: their sum fits a byte, which lets the
/// count run as byte-wide vector additions.
pub fn pick(rng: &mut Rng, mask: &[u8]) -> usize {
    let n = mask.iter().fold(0u8, |a, &m| a.wrapping_add(m & 1)) as usize;
    if n <= 1 {
        return mask.iter().position(|&m| m != 0).unwrap_or(0);
    }
    let mut k = rng.below(n);
    for (i, &m) in mask.iter().enumerate() {
        if m != 0 {
            if k == 0 {
                return i;
            }
            k -= 1;
        }
    }
    0
}

/// Plays `games` games with the random legal policy and returns their
/// records (the first `games` to finish, in the order they finished),
/// under `profile`.
pub fn play(games: usize, seed: u64, threads: usize, profile: &'static Profile) -> Result<Vec<String>, EnvError> {
    let mut records = Vec::new();
    play_each(games, seed, threads, profile, |r| {
        records.push(r);
        Ok::<(), EnvError>(())
    })?;
    Ok(records)
}

/// [`play`], handing each record to `each` as its game finishes, so that
/// memory does not grow with `games`; stops at the first error of `each`.
pub fn play_each<E: From<EnvError>>(
    games: usize,
    seed: u64,
    threads: usize,
    profile: &'static Profile,
    mut each: impl FnMut(String) -> Result<(), E>,
) -> Result<(), E> {
    let mut cfg = VecEnvConfig::new(games.clamp(1, 256), seed);
    cfg.profile = profile;
    cfg.records = true;
    cfg.threads = threads;
    let mut env = VecEnv::new(cfg)?;
    let mut buf = OwnedBuffers::for_env(&env);
    let mut policy = RandomPolicy::new(env.num_envs(), seed);
    let mut actions = vec![0i64; env.num_envs() * 4];
    let mut done = 0;
    env.reset(buf.view())?;
    while done < games {
        policy.act(&buf.mask, &mut actions);
        env.step(&actions, buf.view())?;
        for record in env.take_records() {
            if done < games {
                each(record)?;
                done += 1;
            }
        }
    }
    Ok(())
}
