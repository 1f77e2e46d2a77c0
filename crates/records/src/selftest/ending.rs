//! The end of a game: zimo, ron, robbed kong or draw against `expected`,
//! the fan list and its sum, the scores; in error games the WA/WH verdict.
//! Sums and products are checked: a fan list whose sum does not fit an i64
//! fails the record instead of wrapping.

use super::events::Action;
use super::replay::Replay;
use super::{fail, Check, CheckFailure, Outcome};

impl<'g, 'a> Replay<'g, 'a> {
    // ------------------------------------------------------------ terminal

    pub(super) fn terminal(&mut self) -> Result<(), CheckFailure> {
        if self.is_error_game() {
            return self.verdict();
        }
        let last_k = self.ev.len() - 1;
        let last = self.ev[last_k];
        let exp = &self.g.expected;
        let at = Some(last_k);
        // Classification of the end, from the live-discard state at the end.
        let (ending, winner, discarder, qianggang) = match last.action {
            Action::Huang => ("draw", None, None, false),
            Action::Hu => {
                let w = last.p();
                let prev = self.ev[last_k - 1];
                if prev.action == Action::BuGang {
                    ("ron", Some(w), Some(prev.p()), true)
                } else if let Some((_, from)) = self.live {
                    ("ron", Some(w), Some(from), false)
                } else {
                    ("zimo", Some(w), None, false)
                }
            }
            a => return Err(fail(at, Check::Ending, format!("game ends with {} instead of HU or HUANG", a.name()))),
        };
        ensure!(ending == exp.ending.as_str(), at, Ending, "ending {ending} != expected {}", exp.ending.as_str());
        let seat = |x: Option<usize>| x.map(|s| s as i64);
        ensure!(seat(winner) == exp.winner, at, Winner, "winner {winner:?} != expected {:?}", exp.winner);
        ensure!(
            seat(discarder) == exp.discarder,
            at,
            Winner,
            "discarder {discarder:?} != expected {:?}",
            exp.discarder
        );
        ensure!(Some(qianggang) == exp.qianggang, at, Winner, "qianggang {qianggang} != expected {:?}", exp.qianggang);
        self.facts.qianggang = qianggang;

        let scores =
            exp.scores.as_deref().ok_or_else(|| fail(at, Check::Score, "expected block without scores".into()))?;
        ensure!(scores.len() == 4, at, Score, "expected scores {scores:?} are not four");
        let fan = exp.fan.as_deref().unwrap_or(&[]);
        let fan_total = exp.fan_total.ok_or_else(|| fail(at, Check::Fan, "expected block without fan_total".into()))?;
        if ending == "draw" {
            self.facts.outcome = Outcome::Draw;
            ensure!(scores == [0, 0, 0, 0], at, Score, "draw scores {scores:?} not all 0");
            ensure!(fan_total == 0 && fan.is_empty(), at, Fan, "draw with fan");
        } else {
            self.facts.outcome = if ending == "zimo" { Outcome::Zimo } else { Outcome::Ron };
            let d = self.display(last_k);
            let fan_sum = fan_sum(fan.iter().map(|(_, v, c)| (*v, *c)));
            ensure!(
                fan_sum == Some(fan_total),
                at,
                Fan,
                "fan list sums to {} != fan_total {fan_total}",
                shown_sum(fan_sum)
            );
            ensure!(d.fan_cnt == Some(fan_total), at, Fan, "display fanCnt {:?} != fan_total {fan_total}", d.fan_cnt);
            let same_list = d.fan.as_ref().is_some_and(|df| {
                df.len() == fan.len()
                    && df.iter().zip(fan).all(|(a, (n, v, c))| a.name == *n && a.value == *v && a.cnt == *c)
            });
            ensure!(same_list, at, Fan, "display fan list != expected fan list");
            let min = i64::from(self.rules.min_fan);
            ensure!(fan_total >= min, at, Fan, "winning hand below the {min}-fan minimum ({fan_total})");
            // The winning event's canHu is the judge's own fan count for the win.
            let w = winner.unwrap_or(0);
            let can_hu = self.display(last_k - 1).can_hu.and_then(|c| c.get(w));
            ensure!(
                can_hu == Some(fan_total),
                Some(last_k - 1),
                Fan,
                "winning event canHu[{w}] {can_hu:?} != fan_total {fan_total}"
            );
            ensure!(
                d.score.and_then(|x| x.four()).is_some_and(|x| x == scores),
                at,
                Score,
                "display score {:?} != expected {scores:?}",
                d.score
            );
            let want = expected_scores(ending == "zimo", w, discarder, fan_total, i64::from(self.rules.base_score));
            ensure!(
                want.is_some_and(|w| w == scores),
                at,
                Score,
                "score arithmetic: computed {want:?} != logged {scores:?}"
            );
        }
        ensure!(zero_sum(scores), at, Score, "scores {scores:?} do not sum to 0");
        Ok(())
    }

    /// Error games: the last display is the verdict on the offender.
    fn verdict(&mut self) -> Result<(), CheckFailure> {
        let last_k = self.ev.len() - 1;
        let at = Some(last_k);
        let exp = &self.g.expected;
        let Some(k) = self.verdict_at else {
            return Err(fail(
                at,
                Check::Ending,
                format!("error game ends with {} instead of a WA/WH verdict", self.ev[last_k].action.name()),
            ));
        };
        self.facts.outcome = Outcome::Error;
        let e = self.ev[k];
        let off = exp.offender.ok_or_else(|| fail(at, Check::Verdict, "error game without offender".into()))?;
        let shown_action = self.display(k).action.as_str();
        let named = if e.action == Action::Platform { shown_action } else { e.action.name() };
        ensure!(
            Some(named) == exp.verdict.as_ref().map(|v| v.as_str()),
            at,
            Verdict,
            "verdict {named} != expected {:?}",
            exp.verdict
        );
        ensure!(e.p() as i64 == off, at, Verdict, "verdict player {} != expected offender {off}", e.p());
        let scores =
            exp.scores.as_deref().ok_or_else(|| fail(at, Check::Score, "expected block without scores".into()))?;
        // WA: the judge's 10 from the offender to each seat; WH: the rules' false-win penalty.
        let penalty = if e.action == Action::Wh { i64::from(self.rules.false_win_penalty) } else { 10 };
        let want: Vec<i64> = (0..4).map(|s| if s as i64 == off { -3 * penalty } else { penalty }).collect();
        ensure!(scores == want, at, Score, "expected scores {scores:?} != verdict scores {want:?}");
        let shown = self.display(k).score;
        ensure!(
            shown.and_then(|x| x.four()).is_some_and(|x| x == scores),
            at,
            Score,
            "display score {shown:?} != expected {scores:?}"
        );
        ensure!(zero_sum(scores), at, Score, "scores {scores:?} do not sum to 0");
        // The verdict answers the previous turn; WH is a HU below the minimum.
        let asked = k.checked_sub(1).map(|p| self.raw_answer(p, e.p()));
        if e.action == Action::Wh {
            ensure!(asked == Some("HU"), at, Verdict, "WH but the offender answered {asked:?}");
            let d = self.display(k);
            let Some(fc) = d.fan_cnt else {
                return Err(fail(at, Check::Verdict, "WH display without fanCnt".into()));
            };
            let min = i64::from(self.rules.min_fan);
            ensure!(fc < min, at, Verdict, "WH with fanCnt {fc} >= the {min}-fan minimum");
            if let Some(f) = &d.fan {
                let sum = fan_sum(f.iter().map(|x| (x.value, x.cnt)));
                ensure!(sum == Some(fc), at, Verdict, "WH fan list sums to {} != fanCnt {fc}", shown_sum(sum));
            }
        }
        if e.action == Action::Platform {
            self.platform_reached(k - 1, e.p())?;
        }
        if let Some(inj) = self.g.injected.as_ref().filter(|_| e.action != Action::Platform) {
            ensure!(inj.seat == off, at, Verdict, "injected seat {} != offender {off}", inj.seat);
            ensure!(
                inj.turn.checked_add(1) == Some(k as i64),
                at,
                Verdict,
                "injected at turn {} but verdict at turn {k}",
                inj.turn
            );
            ensure!(
                asked == Some(inj.response.as_str()),
                at,
                Verdict,
                "offender answered {asked:?}, injected {:?}",
                inj.response.as_str()
            );
        }
        Ok(())
    }
}

impl Replay<'_, '_> {
    /// A platform verdict on `seat` for turn `p`'s answers: the judge reached
    /// that seat before any answer that ends the game (its order: INIT, DEAL
    /// and draws seats 0..3; a discard the discarder, who must PASS, then the
    /// next seats, whose HU would end it; a kong the kong player onwards,
    /// every answer but PASS ending it).
    fn platform_reached(&self, p: usize, seat: usize) -> Result<(), CheckFailure> {
        let at = Some(p + 1);
        let e = self.ev[p];
        let (order, actor): ([usize; 4], Option<usize>) = match e.action {
            Action::Init | Action::Deal | Action::Draw => ([0, 1, 2, 3], None),
            _ => (std::array::from_fn(|i| (e.p() + i) % 4), Some(e.p())),
        };
        let verdicts = self.g.turns[p].verdicts.as_ref();
        for s in order.into_iter().take_while(|&s| s != seat) {
            let v = verdicts.and_then(|v| v.get(s)).filter(|v| *v != "OK");
            ensure!(
                v.is_none(),
                at,
                Verdict,
                "verdict for seat {seat} but the judge reaches seat {s}'s verdict {v:?} first"
            );
            let a = self.raw_answer(p, s);
            let ends = match e.action {
                Action::Draw if s == e.p() => a == "HU" || a.split(' ').count() != 2,
                Action::Play | Action::Peng | Action::Chi if Some(s) != actor => a == "HU",
                _ => a != "PASS",
            };
            ensure!(
                !ends,
                at,
                Verdict,
                "verdict for seat {seat} but seat {s}'s answer {a:?}, examined first, ends the game"
            );
        }
        Ok(())
    }
}

/// The sum of value x count over a fan list; `None` when it overflows an
/// i64 (a corrupt list must fail, not wrap round to the recorded total).
fn fan_sum(mut fans: impl Iterator<Item = (i64, i64)>) -> Option<i64> {
    fans.try_fold(0i64, |sum, (value, count)| sum.checked_add(value.checked_mul(count)?))
}

fn shown_sum(sum: Option<i64>) -> String {
    sum.map_or("more than an i64 holds".into(), |s| s.to_string())
}

fn zero_sum(scores: &[i64]) -> bool {
    scores.iter().try_fold(0i64, |sum, &x| sum.checked_add(x)) == Some(0)
}

/// With base score b (8 for the judge): zimo: winner +3(b+f), others
/// -(b+f); ron: winner 3b+f, discarder -(b+f), bystanders -b. `None` when a
/// score does not fit an i64.
fn expected_scores(zimo: bool, winner: usize, discarder: Option<usize>, fan: i64, b: i64) -> Option<[i64; 4]> {
    let base = fan.checked_add(b)?;
    let mut sc = [0; 4];
    for (s, v) in sc.iter_mut().enumerate() {
        *v = if zimo {
            if s == winner {
                base.checked_mul(3)?
            } else {
                base.checked_neg()?
            }
        } else if s == winner {
            fan.checked_add(3 * b)?
        } else if Some(s) == discarder {
            base.checked_neg()?
        } else {
            -b
        };
    }
    Some(sc)
}
