define dllexport void @simd32_if_scatter(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <32 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = xor <32 x i1> %v3, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v5 = xor <32 x i1> %v4, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v6 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v5)
  %v7 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v6, 0
  %v8 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v6, 1
  %v9 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v6, 2
  br i1 %v9, label %bb2, label %bb1
bb1:
  call void @llvm.genx.scatter.scaled.v32i1.i16.v32i32.v32i32(<32 x i1> %v7, i32 2, i16 0, i32 %arg0, i32 0, <32 x i32> %v2, <32 x i32> %v2)
  %v11 = call <32 x i32> @llvm.genx.dword.atomic.add.v32i32.v32i1.v32i32.v32i32.v32i32(<32 x i1> %v7, i32 %arg0, <32 x i32> %v2, <32 x i32> %v2, <32 x i32> undef)
  call void @llvm.genx.scatter.scaled.v32i1.i16.v32i32.v32i32(<32 x i1> %v7, i32 2, i16 0, i32 %arg0, i32 128, <32 x i32> %v2, <32 x i32> %v11)
  br label %bb2
bb2:
  %v13 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v7, <32 x i1> %v8)
  %v14 = extractvalue { <32 x i1>, i1 } %v13, 0
  %v15 = extractvalue { <32 x i1>, i1 } %v13, 1
  br label %bb3
bb3:
  ret void
}

declare <32 x i32> @llvm.genx.dword.atomic.add.v32i32.v32i1.v32i32.v32i32.v32i32(<32 x i1>, i32, <32 x i32>, <32 x i32>, <32 x i32>)
declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.scatter.scaled.v32i1.i16.v32i32.v32i32(<32 x i1>, i32, i16, i32, i32, <32 x i32>, <32 x i32>)
declare { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1>, <32 x i1>, <32 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1>, <32 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd32_if_scatter, !"simd32_if_scatter", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
