define dllexport void @simd8_if_source_conformant(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = and <8 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v4 = icmp ne <8 x i32> %v3, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v5 = xor <8 x i1> %v4, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v6 = xor <8 x i1> %v5, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1.v8i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <8 x i1> %v6)
  %v8 = extractvalue { <32 x i1>, <8 x i1>, i1 } %v7, 0
  %v9 = extractvalue { <32 x i1>, <8 x i1>, i1 } %v7, 1
  %v10 = extractvalue { <32 x i1>, <8 x i1>, i1 } %v7, 2
  br i1 %v10, label %bb2, label %bb1
bb1:
  %v12 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v32i1(<32 x i1> %v8, i32 0)
  %v11 = mul <8 x i32> %v2, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %v13 = select <8 x i1> %v12, <8 x i32> %v11, <8 x i32> %v2
  br label %bb2
bb2:
  %v14 = phi <8 x i32> [ %v2, %bb0 ], [ %v13, %bb1 ]
  %v15 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1> %v8, <8 x i1> %v9)
  %v16 = extractvalue { <32 x i1>, i1 } %v15, 0
  %v17 = extractvalue { <32 x i1>, i1 } %v15, 1
  br label %bb3
bb3:
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v1, <8 x i32> %v14)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1.v8i1(<32 x i1>, <8 x i1>, <8 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1>, <8 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd8_if_source_conformant, !"simd8_if_source_conformant", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
