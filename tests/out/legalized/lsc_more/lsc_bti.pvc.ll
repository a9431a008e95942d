define dllexport void @lsc_bti(i32 %arg0, i32 %arg1, <16 x i32> %arg2) {
bb0:
  call void @llvm.genx.lsc.prefetch.bti.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg2, i32 %arg0)
  %v1 = call <16 x i32> @llvm.genx.lsc.load.bti.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg2, i32 %arg0)
  %v2 = icmp sgt <16 x i32> %v1, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v3 = call <32 x i32> @llvm.genx.lsc.load.merge.bti.v32i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v32i32(<16 x i1> %v2, i8 0, i8 1, i8 2, i16 1, i32 64, i8 3, i8 2, i8 1, i8 0, <16 x i32> %arg2, i32 %arg0, <32 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %v4 = call <16 x i32> @llvm.genx.lsc.atomic.bti.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg2, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <16 x i32> undef, i32 %arg1, <16 x i32> undef)
  %v5 = call <16 x i32> @llvm.genx.lsc.xatomic.bti.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1> %v2, i8 15, i8 0, i8 0, i16 1, i32 128, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg2, <16 x i32> %v1, <16 x i32> undef, i32 %arg1, <16 x i32> %v4)
  call void @llvm.genx.lsc.fence.v16i1.i8.i8.i8(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 1, i8 3)
  %v7 = add <16 x i32> %v5, %v4
  call void @llvm.genx.lsc.store.bti.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 256, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg2, <16 x i32> %v7, i32 %arg1)
  call void @llvm.genx.lsc.store.bti.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 512, i8 3, i8 7, i8 2, i8 0, i32 0, <32 x i32> %v3, i32 %arg1)
  call void @llvm.genx.lsc.fence.v16i1.i8.i8.i8(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0)
  ret void
}

declare <16 x i32> @llvm.genx.lsc.atomic.bti.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, <16 x i32>, i32, <16 x i32>)
declare void @llvm.genx.lsc.fence.v16i1.i8.i8.i8(<16 x i1>, i8, i8, i8)
declare <16 x i32> @llvm.genx.lsc.load.bti.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32)
declare <32 x i32> @llvm.genx.lsc.load.merge.bti.v32i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v32i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32, <32 x i32>)
declare void @llvm.genx.lsc.prefetch.bti.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32)
declare void @llvm.genx.lsc.store.bti.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, i32)
declare void @llvm.genx.lsc.store.bti.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, <32 x i32>, i32)
declare <16 x i32> @llvm.genx.lsc.xatomic.bti.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, <16 x i32>, i32, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, <16 x i32>)* @lsc_bti, !"lsc_bti", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 128, i32 132, i32 192}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t", !"buffer_t", !""}
