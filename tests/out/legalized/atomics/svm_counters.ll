define dllexport void @svm_counters(i64 %arg0, <8 x i64> %arg1, <16 x i64> %arg2, <8 x i32> %arg3) {
bb0:
  %v0 = call <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg1, <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, <8 x i32> undef)
  %v1 = call <8 x i32> @llvm.genx.svm.atomic.inc.v8i32.v8i1.v8i64.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg1, <8 x i32> undef)
  %v2 = call <8 x i32> @llvm.genx.svm.atomic.cmpxchg.v8i32.v8i1.v8i64.v8i32.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg1, <8 x i32> %v0, <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <8 x i32> undef)
  %v3 = sub <8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %v2
  %v4 = call <8 x i32> @llvm.genx.svm.atomic.imin.v8i32.v8i1.v8i64.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %arg1, <8 x i32> %v3, <8 x i32> undef)
  %v5 = call <8 x i32> @llvm.genx.svm.atomic.max.v8i32.v8i1.v8i64.v8i32.v8i32(<8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, <8 x i64> %arg1, <8 x i32> %v4, <8 x i32> %arg3)
  %v11 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg2, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v12 = icmp ne <8 x i64> %v11, <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>
  %v13 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> undef, <8 x i1> %v12, i32 0)
  %v14 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg2, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v15 = icmp ne <8 x i64> %v14, <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>
  %v16 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> %v13, <8 x i1> %v15, i32 8)
  %v7 = call <16 x i32> @llvm.genx.svm.atomic.xchg.v16i32.v16i1.v16i64.v16i32.v16i32(<16 x i1> %v16, <16 x i64> %arg2, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, <16 x i32> undef)
  %v8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v7, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v9 = add <8 x i32> %v5, %v8
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %arg0, <8 x i32> %v9)
  ret void
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64.v8i32.v8i32(<8 x i1>, <8 x i64>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.svm.atomic.cmpxchg.v8i32.v8i1.v8i64.v8i32.v8i32.v8i32(<8 x i1>, <8 x i64>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.svm.atomic.imin.v8i32.v8i1.v8i64.v8i32.v8i32(<8 x i1>, <8 x i64>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.svm.atomic.inc.v8i32.v8i1.v8i64.v8i32(<8 x i1>, <8 x i64>, <8 x i32>)
declare <8 x i32> @llvm.genx.svm.atomic.max.v8i32.v8i1.v8i64.v8i32.v8i32(<8 x i1>, <8 x i64>, <8 x i32>, <8 x i32>)
declare <16 x i32> @llvm.genx.svm.atomic.xchg.v16i32.v16i1.v16i64.v16i32.v16i32(<16 x i1>, <16 x i64>, <16 x i32>, <16 x i32>)
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1>, <8 x i1>, i32)

!genx.kernels = !{!0}
!0 = !{void (i64, <8 x i64>, <16 x i64>, <8 x i32>)* @svm_counters, !"svm_counters", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 64, i32 96, i32 160, i32 288}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"", !"", !""}
